import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.nn.parameter import Parameter

from layers import conv


class SICA(nn.Module):
    def __init__(self, in_channel, channel, base_size=None, stage=None):
        super().__init__()
        self.in_channel = in_channel
        self.channel = channel
        if base_size is not None and stage is not None:
            self.stage_size = (base_size[0] // (2**stage), base_size[1] // (2**stage))
        else:
            self.stage_size = None

        self.conv_query = nn.Sequential(conv(in_channel, channel, 3, relu=True), conv(channel, channel, 3, relu=True))
        self.conv_key = nn.Sequential(conv(in_channel, channel, 1, relu=True), conv(channel, channel, 1, relu=True))
        self.conv_value = nn.Sequential(conv(in_channel, channel, 1, relu=True), conv(channel, channel, 1, relu=True))
        self.ctx = 3
        self.conv_out1 = conv(channel, channel, 3, relu=True)
        self.conv_out2 = conv(in_channel + channel, channel, 3, relu=True)
        self.conv_out4 = conv(channel, 1, 1)
        self.threshold = Parameter(torch.tensor([0.5]))

    def forward(self, x, smap):
        b, c, h, w = x.shape
        smap = F.interpolate(smap, size=x.shape[-2:], mode="bilinear", align_corners=False)
        smap = torch.sigmoid(smap)
        p = smap - self.threshold
        fg = torch.clip(p, 0, 1)
        bg = torch.clip(-p, 0, 1)
        cg = self.threshold - torch.abs(p)
        prob = torch.cat([fg, bg, cg], dim=1)

        if self.stage_size is not None:
            shape = self.stage_size
            shape_mul = self.stage_size[0] * self.stage_size[1]
        else:
            shape = (h, w)
            shape_mul = h * w

        f = F.interpolate(x, size=shape, mode="bilinear", align_corners=False).view(b, shape_mul, -1)
        prob = F.interpolate(prob, size=shape, mode="bilinear", align_corners=False).view(b, self.ctx, shape_mul)
        context = torch.bmm(prob, f).permute(0, 2, 1).unsqueeze(3)

        query = self.conv_query(x).view(b, self.channel, -1).permute(0, 2, 1)
        key = self.conv_key(context).view(b, self.channel, -1)
        value = self.conv_value(context).view(b, self.channel, -1).permute(0, 2, 1)

        sim = torch.bmm(query, key)
        sim = (self.channel**-0.5) * sim
        sim = F.softmax(sim, dim=-1)

        context = torch.bmm(sim, value).permute(0, 2, 1).contiguous().view(b, -1, h, w)
        context = self.conv_out1(context)
        x = torch.cat([x, context], dim=1)
        x = self.conv_out2(x)
        out = self.conv_out4(x)
        return x, out
