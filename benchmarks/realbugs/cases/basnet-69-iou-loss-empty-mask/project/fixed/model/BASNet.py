import torch
import torch.nn as nn


class BASNet(nn.Module):
    def __init__(self, n_channels, n_classes):
        super(BASNet, self).__init__()
        self.outconv = nn.Conv2d(n_channels, n_classes, 1)

    def forward(self, x):
        d = self.outconv(x)
        return torch.sigmoid(d)
