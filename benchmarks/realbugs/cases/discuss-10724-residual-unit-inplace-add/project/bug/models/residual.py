import torch.nn as nn
import torch.nn.functional as F


class ResidualUnitA(nn.Module):
    def __init__(self, in_channels=3, channels=24):
        super(ResidualUnitA, self).__init__()
        self.conv_0 = nn.Conv2d(in_channels, channels, 3, padding=1, bias=False)
        self.bn_0 = nn.BatchNorm2d(channels)
        self.conv_1 = nn.Conv2d(channels, channels, 3, padding=1, bias=False)
        self.bn_1 = nn.BatchNorm2d(channels)

    def forward(self, x):
        x = self.conv_0(x)
        x = self.bn_0(x)
        x = F.relu(x, inplace=True)

        residual = self.conv_1(x)
        residual = self.bn_1(residual)
        x += residual
        x = F.relu(x, inplace=True)

        return x
