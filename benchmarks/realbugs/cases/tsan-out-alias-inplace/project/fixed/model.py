import torch.nn as nn

from blocks import SpatialGate


class TSAN(nn.Module):
    def __init__(self, channels=8):
        super().__init__()
        self.head = nn.Conv2d(3, channels, 3, padding=1)
        self.body = SpatialGate(channels, split=channels // 2)
        self.tail = nn.Conv2d(channels, 3, 3, padding=1)

    def forward(self, img):
        return self.tail(self.body(self.head(img))) + img
