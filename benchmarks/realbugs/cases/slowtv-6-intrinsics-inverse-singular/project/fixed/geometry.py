import torch
import torch.nn as nn


class BackprojectDepth(nn.Module):
    def __init__(self, shape):
        super().__init__()
        h, w = shape
        ys, xs = torch.meshgrid(torch.arange(h, dtype=torch.float32), torch.arange(w, dtype=torch.float32), indexing="ij")
        pix = torch.stack([xs / w, ys / h, torch.ones_like(xs), torch.ones_like(xs)], 0).view(4, -1)
        self.register_buffer("pix", pix)

    def forward(self, depth, K, K_inv=None):
        if K_inv is None:
            K_inv = K.inverse()
        rays = K_inv @ self.pix
        pts = rays[:, :3] * depth.flatten(1).unsqueeze(1)
        return pts
