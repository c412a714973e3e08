import torch
import torch.nn as nn


class Encoder(nn.Module):
    """Backbone + ReLU projection head producing the features ff used by the instance and decorrelation losses."""

    def __init__(self, in_dim=32, low_dim=8):
        super().__init__()
        self.backbone = nn.Sequential(nn.Linear(in_dim, 64), nn.ReLU())
        self.fc = nn.Linear(64, low_dim)
        self.act = nn.ReLU()

    def forward(self, x):
        return self.act(self.fc(self.backbone(x)))
