import torch.nn as nn

from evonorm2d import EvoNorm2D


def conv_block(in_ch, out_ch, version):
    return nn.Sequential(
        nn.Conv2d(in_ch, out_ch, 3, stride=2, padding=1, bias=False),
        EvoNorm2D(out_ch, version=version),
    )


class SmallNet(nn.Module):
    def __init__(self, num_classes=10, version="B0"):
        super().__init__()
        self.features = nn.Sequential(
            conv_block(3, 16, version),
            conv_block(16, 32, version),
            conv_block(32, 64, version),
        )
        self.fc = nn.Linear(64, num_classes)

    def forward(self, x):
        x = self.features(x)
        return self.fc(x.flatten(1))
