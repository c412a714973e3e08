import torch
import torch.nn as nn

torch.manual_seed(0)

def KL_loss_L1(sigma_p_inv, sigma_q, mu_q, mu_p, det_p, det_q):
    l1 = torch.einsum("kij,mkji->mk", sigma_p_inv, sigma_q)
    l2 = torch.einsum("mki,mki->mk", mu_p - mu_q, torch.einsum("kij,mkj->mki", sigma_p_inv, mu_p - mu_q))
    loss = torch.sum(l1 + l2 + torch.log(det_p) - torch.log(det_q), dim=1)
    return loss


NUM_FRAMES, NDIM, B = 8, 2, 3
fac = 0.1
sigma_p = torch.ones(NUM_FRAMES, NUM_FRAMES) + fac * fac * torch.diag(torch.arange(NUM_FRAMES).float().clamp(max=1))
sigma_p_inv = torch.inverse(sigma_p).expand(NDIM, -1, -1)
det_p = torch.det(sigma_p).expand(NDIM)

encoder = nn.Linear(16, NDIM * NUM_FRAMES * 2)
with torch.no_grad():
    encoder.bias[NDIM * NUM_FRAMES:] = -14.0
out = encoder(torch.randn(B, 16)).view(B, 2, NDIM, NUM_FRAMES)
mu_q, logvar_q = out[:, 0], out[:, 1]
sigma_q = torch.diag_embed(logvar_q.exp())
det_q = torch.det(sigma_q)
mu_p = torch.zeros(B, NDIM, NUM_FRAMES)
kl_loss = KL_loss_L1(sigma_p_inv, sigma_q, mu_q, mu_p, det_p, det_q).mean()
