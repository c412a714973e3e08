import torch.nn as nn
import torch.nn.functional as F

from cnn import ConvModule
from necks.fpn import FPN


class PAFPN(FPN):
    def __init__(self, in_channels=(4, 8, 16), out_channels=8):
        super().__init__(in_channels, out_channels)
        self.downsample_convs = nn.ModuleList(
            [ConvModule(out_channels, out_channels, 3, stride=2, padding=1) for _ in in_channels[1:]])

    def forward(self, inputs):
        laterals = [lateral_conv(inputs[i]) for i, lateral_conv in enumerate(self.lateral_convs)]
        used_backbone_levels = len(laterals)
        for i in range(used_backbone_levels - 1, 0, -1):
            prev_shape = laterals[i - 1].shape[2:]
            laterals[i - 1] += F.interpolate(laterals[i], size=prev_shape, mode="nearest")
        inter_outs = [self.fpn_convs[i](laterals[i]) for i in range(used_backbone_levels)]
        for i in range(0, used_backbone_levels - 1):
            inter_outs[i + 1] += self.downsample_convs[i](inter_outs[i])
        return tuple(inter_outs)
