import torch.nn as nn


class FaceEmbedder(nn.Module):
    def __init__(self, in_dim=32, feat_dim=16):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(in_dim, 64), nn.PReLU(), nn.Linear(64, feat_dim))

    def forward(self, x):
        return self.body(x)
