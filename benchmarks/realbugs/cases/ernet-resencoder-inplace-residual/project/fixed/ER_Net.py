import torch
import torch.nn as nn

from blocks import Decoder, ResEncoder


class ER_Net(nn.Module):
    def __init__(self, classes=2, channels=1):
        super(ER_Net, self).__init__()
        self.encoder1 = ResEncoder(channels, 8)
        self.encoder2 = ResEncoder(8, 16)
        self.down = nn.MaxPool3d(kernel_size=2, stride=2)
        self.up = nn.ConvTranspose3d(16, 8, kernel_size=2, stride=2)
        self.decoder1 = Decoder(16, 8)
        self.final = nn.Conv3d(8, classes, kernel_size=1)

    def forward(self, x):
        enc1 = self.encoder1(x)
        enc2 = self.encoder2(self.down(enc1))
        dec1 = self.decoder1(torch.cat([self.up(enc2), enc1], dim=1))
        return self.final(dec1)
