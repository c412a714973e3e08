# facebookresearch/pytorch_GAN_zoo#89 fixed: return eigVals unchanged when minV and maxV are within 1e-10 (upstream's #109).
import torch
import torch.nn.functional as F

torch.manual_seed(0)


def GDPPLoss(phiFake, phiReal, backward=True):
    def compute_diversity(phi):
        phi = F.normalize(phi, p=2, dim=1)
        SB = torch.mm(phi, phi.t())
        eigVals, eigVecs = torch.linalg.eigh(SB)  # torch.symeig(SB, eigenvectors=True) in the original
        return eigVals, eigVecs

    def normalize_min_max(eigVals):
        minV, maxV = torch.min(eigVals), torch.max(eigVals)
        if abs(minV - maxV) < 1e-10:
            return eigVals
        return (eigVals - minV) / (maxV - minV)

    phiFake = phiFake.view(phiFake.size(0), -1)
    phiReal = phiReal.view(phiReal.size(0), -1)
    fakeEigVals, fakeEigVecs = compute_diversity(phiFake)
    realEigVals, realEigVecs = compute_diversity(phiReal)

    magnitudeLoss = 0.0001 * F.mse_loss(target=realEigVals, input=fakeEigVals)
    structureLoss = -torch.sum(torch.mul(fakeEigVecs, realEigVecs), 0)
    normalizedRealEigVals = normalize_min_max(realEigVals)
    weightedStructureLoss = torch.sum(torch.mul(normalizedRealEigVals, structureLoss))
    gdppLoss = magnitudeLoss + weightedStructureLoss
    if backward:
        gdppLoss.backward(retain_graph=True)
    return gdppLoss


# discriminator features of a minibatch with a single image: one eigenvalue, min == max
phiFake = torch.randn(1, 64, requires_grad=True)
phiReal = torch.randn(1, 64)
gdppLoss = GDPPLoss(phiFake, phiReal)
grad = phiFake.grad
