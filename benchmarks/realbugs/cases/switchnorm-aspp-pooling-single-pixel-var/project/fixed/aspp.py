import torch
import torch.nn as nn
import torch.nn.functional as F
from switchable_norm import SwitchNorm2d


class SN_ASPPModule(nn.Module):
    def __init__(self, features, out_features=8, dilations=(2, 4)):
        super(SN_ASPPModule, self).__init__()
        self.image_pool = nn.Sequential(nn.AdaptiveAvgPool2d((1, 1)),
                                        nn.Conv2d(features, out_features, 1, bias=False),
                                        SwitchNorm2d(out_features))
        self.branches = nn.ModuleList([
            nn.Sequential(nn.Conv2d(features, out_features, 3, padding=d, dilation=d, bias=False),
                          SwitchNorm2d(out_features)) for d in dilations])
        self.project = nn.Conv2d(out_features * (len(dilations) + 1), out_features, 1)

    def forward(self, x):
        h, w = x.shape[2:]
        pooled = F.interpolate(self.image_pool(x), size=(h, w), mode="bilinear", align_corners=True)
        outs = [pooled] + [b(x) for b in self.branches]
        return self.project(torch.cat(outs, 1))
