import torch
import torch.nn as nn
from layers import PositiveScale


class HeteroscedasticHead(nn.Module):
    def __init__(self, n_in=3, n_out=2):
        super().__init__()
        self.mean = nn.Linear(n_in, n_out)
        self.raw_scale = nn.Linear(n_in, n_out)
        self.positive = PositiveScale()

    def forward(self, x):
        return self.mean(x), self.positive(self.raw_scale(x))
