"""A small residual classifier."""
import torch.nn as nn
import torch.nn.functional as F

from models.blocks import ResBlock


class ResNetSmall(nn.Module):
    def __init__(self, channels=8, n_blocks=2, n_classes=10):
        super().__init__()
        self.stem = nn.Sequential(nn.Conv2d(3, channels, 3, padding=1), nn.BatchNorm2d(channels), nn.ReLU())
        self.blocks = nn.Sequential(*[ResBlock(channels) for _ in range(n_blocks)])
        self.fc = nn.Linear(channels, n_classes)

    def forward(self, x):
        x = self.blocks(self.stem(x))
        return self.fc(F.adaptive_avg_pool2d(x, 1).flatten(1))
