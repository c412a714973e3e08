"""Regularisation layers."""
import torch
import torch.nn as nn


class GaussianNoise(nn.Module):
    """Adds learnable, per-channel Gaussian noise during training (variance starts at 0)."""

    def __init__(self, channels, init_var=0.0):
        super().__init__()
        self.noise_var = nn.Parameter(torch.full((channels,), init_var))

    def forward(self, x):
        if not self.training:
            return x
        std = torch.sqrt(self.noise_var)
        return x + std * torch.randn_like(x)
