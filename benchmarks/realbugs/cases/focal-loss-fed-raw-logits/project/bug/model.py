import torch.nn as nn


class TinySegNet(nn.Module):
    def __init__(self, in_channels=3, num_class=4):
        super().__init__()
        self.body = nn.Sequential(
            nn.Conv2d(in_channels, 8, 3, padding=1),
            nn.BatchNorm2d(8),
            nn.ReLU(inplace=True),
            nn.Conv2d(8, num_class, 1),
        )

    def forward(self, x):
        return self.body(x)
