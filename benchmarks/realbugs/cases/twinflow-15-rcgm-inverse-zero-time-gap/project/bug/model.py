import torch
import torch.nn as nn


class TinyTransformer(nn.Module):
    """Velocity network F(x_t, t, tt)."""

    def __init__(self, dim=16, hidden=64):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(dim + 2, hidden), nn.SiLU(), nn.Linear(hidden, dim))

    def forward(self, x, t, tt):
        return self.net(torch.cat([x, t[:, None], tt[:, None]], dim=1))
