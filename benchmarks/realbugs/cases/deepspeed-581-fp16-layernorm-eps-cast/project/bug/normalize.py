import torch
import torch.nn as nn


class FusedLayerNorm(nn.Module):
    def __init__(self, hidden_size, eps=1e-12):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(hidden_size))
        self.bias = nn.Parameter(torch.zeros(hidden_size))
        self.variance_epsilon = eps

    def forward(self, x):
        vals_f = x.float()
        mean = vals_f.mean(-1, keepdim=True)
        variance = (vals_f - mean).pow(2).mean(-1, keepdim=True)
        variance = (variance + self.variance_epsilon).to(x.dtype)
        vals = (x - mean.to(x.dtype)) * torch.rsqrt(variance)
        return vals * self.weight + self.bias
