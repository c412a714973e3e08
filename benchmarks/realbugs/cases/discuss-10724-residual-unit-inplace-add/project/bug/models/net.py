import torch.nn as nn

from models.residual import ResidualUnitA


class SmallResNet(nn.Module):
    def __init__(self, num_classes=10):
        super(SmallResNet, self).__init__()
        self.unit = ResidualUnitA(3, 24)
        self.pool = nn.AdaptiveAvgPool2d(1)
        self.classifier = nn.Linear(24, num_classes)

    def forward(self, x):
        x = self.unit(x)
        x = self.pool(x).flatten(1)
        return self.classifier(x)
