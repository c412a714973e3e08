"""A small pre-activation ResNet built from `Block`s."""
import torch.nn as nn
import torch.nn.functional as F

from models.blocks import Block


class PreActResNet(nn.Module):
    def __init__(self, widths=(16, 32, 64), n_classes=10):
        super().__init__()
        self.stem = nn.Sequential(nn.Conv2d(3, widths[0], 3, 1, 1, bias=False), nn.BatchNorm2d(widths[0]))
        layers, in_chan = [], widths[0]
        for i, width in enumerate(widths):
            layers.append(Block(in_chan, width, stride=1 if i == 0 else 2))
            layers.append(Block(width, width))
            in_chan = width
        self.layers = nn.Sequential(*layers)
        self.bn = nn.BatchNorm2d(in_chan)
        self.fc = nn.Linear(in_chan, n_classes)

    def forward(self, x):
        x = self.layers(self.stem(x))
        x = F.relu(self.bn(x))
        return self.fc(F.adaptive_avg_pool2d(x, 1).flatten(1))
