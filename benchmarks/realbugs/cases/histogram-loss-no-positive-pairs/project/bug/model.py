import torch.nn as nn
import torch.nn.functional as F


class EmbeddingNet(nn.Module):
    def __init__(self, in_dim=32, out_dim=16):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(in_dim, 64), nn.ReLU(), nn.Linear(64, out_dim))

    def forward(self, x):
        return F.normalize(self.body(x), p=2, dim=1)
