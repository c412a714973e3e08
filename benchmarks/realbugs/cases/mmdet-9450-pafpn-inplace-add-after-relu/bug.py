# open-mmlab/mmdetection#9450: PAFPN with act_cfg=ReLU fails in backward; `laterals[i - 1] += ...` edits inplace-ReLU outputs.
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)


class ConvModule(nn.Sequential):
    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0):
        super().__init__(nn.Conv2d(in_channels, out_channels, kernel_size, stride, padding),
                         nn.ReLU(inplace=True))


class PAFPN(nn.Module):
    def __init__(self, in_channels=(4, 8, 16), out_channels=8):
        super().__init__()
        self.lateral_convs = nn.ModuleList([ConvModule(c, out_channels, 1) for c in in_channels])
        self.fpn_convs = nn.ModuleList([ConvModule(out_channels, out_channels, 3, padding=1) for _ in in_channels])
        self.downsample_convs = nn.ModuleList(
            [ConvModule(out_channels, out_channels, 3, stride=2, padding=1) for _ in in_channels[1:]])

    def forward(self, inputs):
        # build laterals
        laterals = [lateral_conv(inputs[i]) for i, lateral_conv in enumerate(self.lateral_convs)]
        # build top-down path
        used_backbone_levels = len(laterals)
        for i in range(used_backbone_levels - 1, 0, -1):
            prev_shape = laterals[i - 1].shape[2:]
            laterals[i - 1] += F.interpolate(laterals[i], size=prev_shape, mode='nearest')
        # build outputs
        inter_outs = [self.fpn_convs[i](laterals[i]) for i in range(used_backbone_levels)]
        # part 2: add bottom-up path
        for i in range(0, used_backbone_levels - 1):
            inter_outs[i + 1] += self.downsample_convs[i](inter_outs[i])
        return inter_outs


neck = PAFPN()
inputs = [torch.randn(1, 4, 16, 16), torch.randn(1, 8, 8, 8), torch.randn(1, 16, 4, 4)]
outs = neck(inputs)
loss = sum(o.mean() for o in outs)
loss.backward()
