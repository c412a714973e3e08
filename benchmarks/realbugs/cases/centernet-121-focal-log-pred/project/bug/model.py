import torch.nn as nn


class CenterHead(nn.Module):
    def __init__(self, in_channels, num_classes):
        super().__init__()
        self.hm = nn.Conv2d(in_channels, num_classes, 1)
        self.wh = nn.Conv2d(in_channels, 2, 1)

    def forward(self, x):
        return {"hm": self.hm(x), "wh": self.wh(x)}
