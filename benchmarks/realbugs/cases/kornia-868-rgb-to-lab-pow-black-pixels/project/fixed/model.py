import torch.nn as nn

from color import rgb_to_lab


class LabClassifier(nn.Module):
    """Small CNN that works in Lab space (as in colour-sensitive classifiers)."""

    def __init__(self, n_classes=4):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv2d(3, 8, 3, padding=1), nn.ReLU(), nn.AdaptiveAvgPool2d(1), nn.Flatten())
        self.fc = nn.Linear(8, n_classes)

    def forward(self, rgb):
        lab = rgb_to_lab(rgb) / 100.0
        return self.fc(self.features(lab))
