import torch.nn as nn


class conv(nn.Module):
    def __init__(self, in_channels, out_channels, kernel_size, relu=False):
        super().__init__()
        self.conv = nn.Conv2d(in_channels, out_channels, kernel_size, padding=kernel_size // 2, bias=False)
        self.bn = nn.BatchNorm2d(out_channels)
        self.relu = nn.ReLU(inplace=True) if relu else None

    def forward(self, x):
        x = self.bn(self.conv(x))
        if self.relu is not None:
            x = self.relu(x)
        return x
