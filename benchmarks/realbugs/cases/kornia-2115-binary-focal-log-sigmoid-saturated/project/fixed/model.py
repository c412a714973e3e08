import torch
import torch.nn as nn


class SegHead(nn.Module):
    """1x1 conv head producing one foreground logit per pixel."""

    def __init__(self, in_channels: int = 8):
        super().__init__()
        self.conv = nn.Conv2d(in_channels, 1, kernel_size=1)

    def forward(self, feats: torch.Tensor) -> torch.Tensor:
        return self.conv(feats)
