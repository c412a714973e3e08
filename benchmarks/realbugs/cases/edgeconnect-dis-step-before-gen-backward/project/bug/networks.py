import torch
import torch.nn as nn


class EdgeGenerator(nn.Module):
    def __init__(self, residual_blocks=2):
        super(EdgeGenerator, self).__init__()
        self.encoder = nn.Sequential(nn.Conv2d(3, 16, 3, padding=1), nn.InstanceNorm2d(16), nn.ReLU(True))
        self.middle = nn.Sequential(*[nn.Sequential(nn.Conv2d(16, 16, 3, padding=1), nn.ReLU(True))
                                      for _ in range(residual_blocks)])
        self.decoder = nn.Conv2d(16, 1, 3, padding=1)

    def forward(self, x):
        x = self.encoder(x)
        x = self.middle(x)
        return torch.sigmoid(self.decoder(x))


class Discriminator(nn.Module):
    def __init__(self, in_channels, use_sigmoid=True):
        super(Discriminator, self).__init__()
        self.use_sigmoid = use_sigmoid
        self.conv1 = nn.Sequential(nn.Conv2d(in_channels, 16, 4, stride=2, padding=1), nn.LeakyReLU(0.2, inplace=True))
        self.conv2 = nn.Sequential(nn.Conv2d(16, 32, 4, stride=2, padding=1), nn.LeakyReLU(0.2, inplace=True))
        self.conv3 = nn.Conv2d(32, 1, 4, stride=1, padding=1)

    def forward(self, x):
        conv1 = self.conv1(x)
        conv2 = self.conv2(conv1)
        conv3 = self.conv3(conv2)
        outputs = torch.sigmoid(conv3) if self.use_sigmoid else conv3
        return outputs, [conv1, conv2, conv3]
