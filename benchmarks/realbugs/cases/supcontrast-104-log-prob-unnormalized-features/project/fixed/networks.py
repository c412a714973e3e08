import torch.nn as nn


class SupConResNet12(nn.Module):
    """The reporter's ResNet12-style encoder with a projection head, features left unnormalised."""

    def __init__(self, dim_in=32, feat_dim=64):
        super().__init__()
        self.encoder = nn.Sequential(nn.Linear(dim_in, 128), nn.ReLU(inplace=True), nn.Linear(128, 128))
        self.head = nn.Sequential(nn.Linear(128, 128), nn.ReLU(inplace=True), nn.Linear(128, feat_dim))

    def forward(self, x):
        return self.head(self.encoder(x))
