import torch
from torch import nn


class SimCLR(nn.Module):
    def __init__(self, in_dim=16, hidden=16, out_dim=8):
        super().__init__()
        self.backbone = nn.Sequential(nn.Linear(in_dim, hidden), nn.ReLU())
        self.projection_head = nn.Sequential(nn.Linear(hidden, out_dim), nn.ReLU())

    def forward(self, x):
        return self.projection_head(self.backbone(x))
