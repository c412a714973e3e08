import torch
import torch.nn as nn


class GeMPooling(nn.Module):
    def __init__(self, p=3.0):
        super().__init__()
        self.p = p

    def forward(self, x_i):
        p = self.p
        x_i = (torch.mean(x_i ** p, dim=-1) + 1e-12) ** (1 / p)
        return x_i
