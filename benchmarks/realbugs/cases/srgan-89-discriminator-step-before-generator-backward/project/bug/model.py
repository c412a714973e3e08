import torch
import torch.nn as nn


class Generator(nn.Module):
    def __init__(self, scale_factor=2):
        super().__init__()
        self.block1 = nn.Sequential(nn.Conv2d(3, 8, 9, padding=4), nn.PReLU())
        self.block2 = nn.Sequential(nn.Conv2d(8, 8 * scale_factor ** 2, 3, padding=1),
                                    nn.PixelShuffle(scale_factor), nn.PReLU())
        self.block3 = nn.Conv2d(8, 3, 9, padding=4)

    def forward(self, x):
        return (torch.tanh(self.block3(self.block2(self.block1(x)))) + 1) / 2


class Discriminator(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = nn.Sequential(
            nn.Conv2d(3, 8, 3, padding=1), nn.LeakyReLU(0.2),
            nn.Conv2d(8, 8, 3, stride=2, padding=1), nn.BatchNorm2d(8), nn.LeakyReLU(0.2),
            nn.AdaptiveAvgPool2d(1), nn.Conv2d(8, 16, 1), nn.LeakyReLU(0.2), nn.Conv2d(16, 1, 1))

    def forward(self, x):
        return torch.sigmoid(self.net(x).view(x.size(0)))
