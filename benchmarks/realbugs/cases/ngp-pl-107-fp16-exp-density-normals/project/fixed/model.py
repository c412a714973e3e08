import torch
import torch.nn as nn
from custom_functions import TruncExp


def l2_normalize(x, eps=1e-8):
    x = x.float()
    return x / torch.sqrt(torch.clamp(torch.sum(x * x, dim=-1, keepdim=True), min=eps))


class NGP(nn.Module):
    def __init__(self, hidden=32):
        super().__init__()
        # stands for the half-precision fused MLP of the hash-grid encoder
        self.xyz_encoder = nn.Sequential(nn.Linear(3, hidden), nn.ReLU(), nn.Linear(hidden, 1 + 15)).half()
        self.rgb_net = nn.Sequential(nn.Linear(15, 3), nn.Sigmoid()).half()

    def density(self, x, return_feat=False):
        h = self.xyz_encoder(x)
        sigmas = torch.nn.functional.softplus(h[:, 0])
        if return_feat:
            return sigmas, h
        return sigmas

    def forward(self, x):
        x = x.half().requires_grad_(True)
        sigmas, h = self.density(x, return_feat=True)
        rgbs = self.rgb_net(h[:, 1:])
        n_grad = -torch.autograd.grad(sigmas.sum(), x, create_graph=True)[0]
        normals = l2_normalize(n_grad)
        return sigmas, rgbs, normals
