"""Residual block used by the small ResNet in models/net.py."""
import torch.nn as nn


def conv3x3(in_ch, out_ch):
    return nn.Conv2d(in_ch, out_ch, 3, padding=1, bias=False)


class ResBlock(nn.Module):
    def __init__(self, channels, act=nn.ReLU):
        super().__init__()
        self.conv1, self.bn1 = conv3x3(channels, channels), nn.BatchNorm2d(channels)
        self.conv2, self.bn2 = conv3x3(channels, channels), nn.BatchNorm2d(channels)
        self.act = act()

    def forward(self, x):
        identity = x
        out = self.act(self.bn1(self.conv1(x)))
        out = self.act(self.bn2(self.conv2(out)))
        out += identity
        return out
