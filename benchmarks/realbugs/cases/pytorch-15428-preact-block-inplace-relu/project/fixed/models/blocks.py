"""Pre-activation residual block (He et al. 2016, identity mappings)."""
import torch.nn as nn


def conv3x3(in_chan, out_chan, stride=1):
    return nn.Conv2d(in_chan, out_chan, 3, stride, 1, bias=False)


class Block(nn.Module):
    def __init__(self, in_chan, out_chan, stride=1):
        super().__init__()
        self.in_chan, self.out_chan, self.stride = in_chan, out_chan, stride
        self.residual = nn.Sequential(
            nn.ReLU(),
            conv3x3(in_chan, out_chan, stride),
            nn.BatchNorm2d(out_chan),
            nn.ReLU(inplace=True),
            conv3x3(out_chan, out_chan),
        )
        self.shortcut = nn.Conv2d(in_chan, out_chan, 1, stride, bias=False)

    def forward(self, x):
        if not self.stride == 1 or not self.in_chan == self.out_chan:
            sc = self.shortcut(x)
        else:
            sc = x
        resd = self.residual(x)
        return resd + sc
