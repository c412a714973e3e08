import torch
from torch import nn

from necks.fpem_ffm import FPEM_FFM


class TinyBackbone(nn.Module):
    def __init__(self, channels=(8, 16, 32, 64)):
        super().__init__()
        stages, in_c = [], 3
        for c in channels:
            stages.append(nn.Sequential(nn.Conv2d(in_c, c, 3, stride=2, padding=1), nn.BatchNorm2d(c), nn.ReLU()))
            in_c = c
        self.stages = nn.ModuleList(stages)

    def forward(self, x):
        outs = []
        for stage in self.stages:
            x = stage(x)
            outs.append(x)
        return outs


class PANet(nn.Module):
    def __init__(self):
        super().__init__()
        self.backbone = TinyBackbone()
        self.neck = FPEM_FFM(in_channels=[8, 16, 32, 64], conv_out=16, fpem_repeat=2)
        self.head = nn.Conv2d(16 * 4, 6, kernel_size=1)  # text region, kernel, 4-d embedding

    def forward(self, img):
        feats = self.neck(self.backbone(img))
        return self.head(torch.cat(feats, dim=1))
