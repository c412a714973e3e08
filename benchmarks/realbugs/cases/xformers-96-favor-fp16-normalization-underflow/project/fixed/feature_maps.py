import math

import torch
import torch.nn as nn


class SMReg(nn.Module):
    """Positive random features for the softmax kernel (Performer)."""

    def __init__(self, dim_features, dim_input, iter_before_redraw=None):
        super().__init__()
        self.dim_features = dim_features
        self.register_buffer("features", torch.randn(dim_input, dim_features))

    def forward(self, x):
        x_scaled = x @ self.features.to(x.dtype)
        norm_x_2 = (x * x).sum(-1, keepdim=True) / 2
        return torch.exp(x_scaled - norm_x_2) / math.sqrt(self.dim_features)
