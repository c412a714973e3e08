import torch.nn as nn


class ResnetBlock(nn.Module):
    def __init__(self, ch):
        super().__init__()
        self.block = nn.Sequential(nn.Conv2d(ch, ch, 3, padding=1), nn.InstanceNorm2d(ch), nn.ReLU(True),
                                   nn.Conv2d(ch, ch, 3, padding=1), nn.InstanceNorm2d(ch))

    def forward(self, x):
        return x + self.block(x)


class Generator(nn.Module):
    def __init__(self, ch=8):
        super().__init__()
        self.net = nn.Sequential(nn.Conv2d(3, ch, 3, padding=1), nn.ReLU(True), ResnetBlock(ch),
                                 nn.Conv2d(ch, 3, 3, padding=1), nn.Tanh())

    def forward(self, x):
        return self.net(x)


class Discriminator(nn.Module):
    def __init__(self, ch=8):
        super().__init__()
        self.net = nn.Sequential(nn.Conv2d(3, ch, 4, stride=2, padding=1), nn.LeakyReLU(0.2, True),
                                 nn.Conv2d(ch, 1, 3, padding=1))

    def forward(self, x):
        return self.net(x)
