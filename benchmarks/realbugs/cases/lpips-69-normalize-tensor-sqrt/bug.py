# richzhang/PerceptualSimilarity#69: SqrtBackward returns NaN in normalize_tensor (eps added outside the sqrt).
import torch
import torch.nn as nn

torch.manual_seed(0)


def normalize_tensor(in_feat, eps=1e-10):
    norm_factor = torch.sqrt(torch.sum(in_feat ** 2, dim=1, keepdim=True))
    return in_feat / (norm_factor + eps)


class TinyLPIPS(nn.Module):
    def __init__(self):
        super().__init__()
        # a small stand-in for the backbone LPIPS taps; its features are exactly 0 on black pixels
        self.net = nn.Sequential(nn.Conv2d(3, 16, 3, padding=1, bias=False), nn.ReLU(), nn.Conv2d(16, 16, 1, bias=False))

    def forward(self, in0, in1):
        feats0, feats1 = normalize_tensor(self.net(in0)), normalize_tensor(self.net(in1))
        diffs = (feats0 - feats1) ** 2
        return diffs.sum(dim=1, keepdim=True).mean(dim=[2, 3])


loss_fn = TinyLPIPS()
target = torch.rand(1, 3, 16, 16)
target[..., :8, :] = 0.0
pred = target.clone()
pred[..., 8:, :] += 0.1 * torch.randn(1, 3, 8, 16)
pred.requires_grad_()  # black rows: every feature there is 0, the feature norm is 0
loss = loss_fn(pred, target).mean()
loss.backward()
grad = pred.grad
