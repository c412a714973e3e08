"""A toy monocular depth network with a sigmoid-scaled depth head."""
import torch
import torch.nn as nn


class DepthNet(nn.Module):
    def __init__(self, ch=8, max_depth=80.0):
        super().__init__()
        self.max_depth = max_depth
        self.encoder = nn.Sequential(nn.Conv2d(3, ch, 3, padding=1), nn.ReLU(), nn.Conv2d(ch, ch, 3, padding=1), nn.ReLU())
        self.depth_head = nn.Conv2d(ch, 1, 3, padding=1)

    def forward(self, image):
        return torch.sigmoid(self.depth_head(self.encoder(image))) * self.max_depth
