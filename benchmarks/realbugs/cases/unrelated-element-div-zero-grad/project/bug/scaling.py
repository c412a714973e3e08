import torch
import torch.nn as nn


class PerFeatureScale(nn.Module):
    def __init__(self, n_features, feature_std):
        super().__init__()
        self.scale = nn.Parameter(torch.ones(n_features))
        self.register_buffer("feature_std", feature_std)

    def forward(self, x):
        return x * (self.scale / self.feature_std)
