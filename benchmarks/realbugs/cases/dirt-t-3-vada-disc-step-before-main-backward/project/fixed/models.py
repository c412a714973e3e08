import torch
from torch import nn


class Classifier(nn.Module):
    def __init__(self, large=False):
        super().__init__()
        self.feature_extractor = nn.Sequential(
            nn.Conv2d(3, 16, 3, padding=1), nn.BatchNorm2d(16), nn.LeakyReLU(0.1),
            nn.MaxPool2d(2), nn.Conv2d(16, 32, 3, padding=1), nn.BatchNorm2d(32), nn.LeakyReLU(0.1),
            nn.AdaptiveAvgPool2d(1), nn.Flatten(),
        )
        self.classifier = nn.Linear(32, 10)

    def forward(self, x, track_bn=False):
        feats = self.feature_extractor(x)
        return feats, self.classifier(feats)


class Discriminator(nn.Module):
    def __init__(self, large=False):
        super().__init__()
        self.fn = nn.Sequential(nn.Linear(32, 100), nn.ReLU(), nn.Linear(100, 1))

    def forward(self, h):
        return self.fn(h)
