import math

import torch
import torch.nn as nn

from .common import Conv


class Detect(nn.Module):
    def __init__(self, nc=80, anchors=3, ch=(32, 64, 128)):
        super().__init__()
        self.nc = nc
        self.no = nc + 5
        self.na = anchors
        self.m = nn.ModuleList(nn.Conv2d(x, self.no * self.na, 1) for x in ch)
        self.stride = None

    def forward(self, x):
        return [self.m[i](x[i]) for i in range(len(self.m))]


class Model(nn.Module):
    def __init__(self, nc=80):
        super().__init__()
        self.backbone = nn.ModuleList([Conv(3, 32, 3, 8), Conv(32, 64, 3, 2), Conv(64, 128, 3, 2)])
        self.detect = Detect(nc)
        self.detect.stride = torch.tensor([8.0, 16.0, 32.0])
        self._initialize_biases()

    def forward(self, x):
        feats = []
        for layer in self.backbone:
            x = layer(x)
            feats.append(x)
        return self.detect(feats)

    def _initialize_biases(self, cf=None):  # initialize biases into Detect(), cf is class frequency
        m = self.detect
        for mi, s in zip(m.m, m.stride):
            b = mi.bias.view(m.na, -1)  # conv.bias(255) to (3,85)
            b.data[:, 4] += math.log(8 / (640 / s) ** 2)  # obj (8 objects per 640 image)
            b.data[:, 5:] += math.log(0.6 / (m.nc - 0.99)) if cf is None else torch.log(cf / cf.sum())  # cls
            mi.bias = torch.nn.Parameter(b.view(-1), requires_grad=True)
