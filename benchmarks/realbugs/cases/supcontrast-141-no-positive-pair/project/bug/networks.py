import torch.nn as nn
import torch.nn.functional as F


class SupConMLP(nn.Module):
    """encoder + projection head"""

    def __init__(self, dim_in=32, feat_dim=16):
        super().__init__()
        self.encoder = nn.Sequential(nn.Linear(dim_in, 64), nn.ReLU(inplace=True), nn.Linear(64, 64))
        self.head = nn.Sequential(nn.Linear(64, 64), nn.ReLU(inplace=True), nn.Linear(64, feat_dim))

    def forward(self, x):
        feat = self.encoder(x)
        return F.normalize(self.head(feat), dim=1)
