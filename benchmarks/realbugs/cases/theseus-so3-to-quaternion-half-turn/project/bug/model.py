import torch.nn as nn


class RotationRefiner(nn.Module):
    def __init__(self, feat_dim=16):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(feat_dim, 32), nn.ReLU())
        self.delta = nn.Linear(32, 3)
        nn.init.zeros_(self.delta.weight)
        nn.init.zeros_(self.delta.bias)

    def forward(self, feats):
        return self.delta(self.body(feats))
