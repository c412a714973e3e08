import torch
import torch.nn as nn


class SpatialGate(nn.Module):
    def __init__(self, channels, split):
        super().__init__()
        self.split = split
        self.conv = nn.Conv2d(channels, channels, 3, padding=1)
        self.gate = nn.Conv2d(channels, split, 1)

    def forward(self, feat):
        x = torch.sigmoid(self.conv(feat))
        g = torch.tanh(self.gate(feat))
        out = x.clone()
        out[:, :self.split] = x[:, :self.split] * g
        return out
