"""MonoLayout networks: a ResNet-like encoder, a layout decoder and a patch discriminator."""
import torch
import torch.nn as nn


class Encoder(nn.Module):
    def __init__(self, in_ch=3, feat=16):
        super().__init__()
        self.conv1 = nn.Conv2d(in_ch, feat, 3, stride=2, padding=1)
        self.conv2 = nn.Conv2d(feat, feat * 2, 3, stride=2, padding=1)

    def forward(self, x):
        return torch.relu(self.conv2(torch.relu(self.conv1(x))))


class Decoder(nn.Module):
    def __init__(self, feat=32, num_class=2):
        super().__init__()
        self.up1 = nn.ConvTranspose2d(feat, feat // 2, 4, stride=2, padding=1)
        self.up2 = nn.ConvTranspose2d(feat // 2, num_class, 4, stride=2, padding=1)

    def forward(self, x):
        return self.up2(torch.relu(self.up1(x)))


class Discriminator(nn.Module):
    def __init__(self, in_ch=2):
        super().__init__()
        self.main = nn.Sequential(
            nn.Conv2d(in_ch, 8, 4, stride=2, padding=1), nn.LeakyReLU(0.2),
            nn.Conv2d(8, 1, 4, stride=2, padding=1))

    def forward(self, x):
        return self.main(x)
