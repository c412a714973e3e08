"""Feature extractor with a cosine classifier head (normalised features and weights, scale s)."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class CosineClassifier(nn.Module):
    def __init__(self, in_dim, n_classes, scale=64.0):
        super().__init__()
        self.weight = nn.Parameter(torch.randn(n_classes, in_dim) * 0.01)
        self.scale = scale

    def forward(self, x):
        return self.scale * F.linear(F.normalize(x, dim=1), F.normalize(self.weight, dim=1))


class Net(nn.Module):
    def __init__(self, in_dim=16, hidden=32, n_classes=5):
        super().__init__()
        self.features = nn.Sequential(nn.Linear(in_dim, hidden), nn.ReLU(), nn.Linear(hidden, hidden))
        self.head = CosineClassifier(hidden, n_classes)

    def forward(self, x):
        return self.head(self.features(x))
