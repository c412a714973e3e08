import torch
import torch.nn as nn


class SqrtUnit(nn.Module):
    def forward(self, x):
        return torch.where(x > 0, torch.sqrt(x.clamp(min=1e-12)), x)
