import torch.nn as nn


class TinyUNet3D(nn.Module):
    def __init__(self, in_ch=1, classes=2):
        super().__init__()
        self.enc = nn.Sequential(nn.Conv3d(in_ch, 4, 3, padding=1), nn.ReLU())
        self.head = nn.Conv3d(4, classes, 1)

    def forward(self, x):
        return self.head(self.enc(x))
