import torch.nn as nn


class Unet(nn.Module):
    def __init__(self, in_chans=2, out_chans=2, chans=8):
        super().__init__()
        self.down = nn.Sequential(nn.Conv2d(in_chans, chans, 3, padding=1), nn.InstanceNorm2d(chans), nn.LeakyReLU(0.2))
        self.up = nn.Conv2d(chans, out_chans, 1)

    def forward(self, x):
        return self.up(self.down(x))
