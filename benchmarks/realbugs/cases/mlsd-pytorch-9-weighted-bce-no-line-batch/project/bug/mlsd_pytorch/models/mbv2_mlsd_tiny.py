import torch
import torch.nn as nn
import torch.nn.functional as F


class MobileV2_MLSD_Tiny(nn.Module):
    def __init__(self, width=16):
        super(MobileV2_MLSD_Tiny, self).__init__()
        self.backbone = nn.Sequential(
            nn.Conv2d(3, width, 3, stride=2, padding=1), nn.BatchNorm2d(width), nn.ReLU6(inplace=True),
            nn.Conv2d(width, width, 3, stride=1, padding=1), nn.BatchNorm2d(width), nn.ReLU6(inplace=True),
        )
        self.head = nn.Conv2d(width, 16, 1)

    def forward(self, x):
        x = self.backbone(x)
        return self.head(x)
