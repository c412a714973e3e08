import torch.nn as nn
import torch.nn.functional as F


class PositiveScaleHead(nn.Module):
    def __init__(self, d_in, d_out, beta):
        super().__init__()
        self.proj = nn.Linear(d_in, d_out)
        self.beta = beta

    def forward(self, h):
        raw = self.proj(h)
        return F.softplus(raw.float(), beta=self.beta)
