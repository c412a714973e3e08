import torch
import torch.nn as nn


class Generator(nn.Module):
    def __init__(self, cnum=8):
        super().__init__()
        self.net = nn.Sequential(nn.Conv2d(4, cnum, 3, padding=1), nn.ELU(), nn.Conv2d(cnum, 3, 3, padding=1))

    def forward(self, x, mask):
        return torch.clamp(self.net(torch.cat([x, mask], dim=1)), -1., 1.)


class GlobalDis(nn.Module):
    def __init__(self, cnum=8):
        super().__init__()
        self.conv = nn.Sequential(nn.Conv2d(3, cnum, 4, 2, 1), nn.LeakyReLU(0.2))
        self.linear = nn.Linear(cnum * 8 * 8, 1)

    def forward(self, x):
        x = self.conv(x)
        return self.linear(x.view(x.size(0), -1))
