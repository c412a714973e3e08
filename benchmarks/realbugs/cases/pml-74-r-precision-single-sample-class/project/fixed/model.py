import torch.nn as nn
import torch.nn.functional as F


class Embedder(nn.Module):
    def __init__(self, n_in, dim):
        super().__init__()
        self.trunk = nn.Sequential(nn.Linear(n_in, 32), nn.ReLU(), nn.Linear(32, dim))

    def forward(self, x):
        return F.normalize(self.trunk(x), dim=1)
