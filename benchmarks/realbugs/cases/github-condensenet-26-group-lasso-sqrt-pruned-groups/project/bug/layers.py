import torch
import torch.nn as nn
import torch.nn.functional as F


class LearnedGroupConv(nn.Module):
    global_progress = 0.0

    def __init__(self, in_channels, out_channels, groups=4, condense_factor=4):
        super().__init__()
        self.norm = nn.BatchNorm2d(in_channels)
        self.conv = nn.Conv2d(in_channels, out_channels, 1, bias=False)
        self.in_channels, self.out_channels = in_channels, out_channels
        self.groups, self.condense_factor = groups, condense_factor
        self.register_buffer("_mask", torch.ones(self.conv.weight.size()))
        self.stage, self.count = 0, 0

    def forward(self, x):
        self._check_drop()
        x = F.relu(self.norm(x))
        return F.conv2d(x, self.conv.weight * self._mask)

    def _check_drop(self):
        progress = LearnedGroupConv.global_progress
        stage = self.condense_factor - 1
        for i in range(self.condense_factor - 1):
            if progress * 2 < (i + 1) / (self.condense_factor - 1):
                stage = i
                break
        if self.stage < stage:
            self.stage = stage
            self._dropping(self.in_channels // self.condense_factor)

    def _dropping(self, delta):
        weight = (self.conv.weight * self._mask).abs().squeeze()
        d_out = self.out_channels // self.groups
        weight = weight.view(d_out, self.groups, self.in_channels).transpose(0, 1).contiguous()
        weight = weight.view(self.out_channels, self.in_channels)
        for i in range(self.groups):
            wi = weight[i * d_out:(i + 1) * d_out, :]
            di = wi.sum(0).sort()[1][self.count:self.count + delta]
            for d in di:
                self._mask[i::self.groups, d, :, :].fill_(0)
        self.count = self.count + delta

    @property
    def lasso_loss(self):
        weight = self.conv.weight * self._mask
        weight = weight.squeeze().pow(2)
        d_out = self.out_channels // self.groups
        weight = weight.view(d_out, self.groups, self.in_channels)
        weight = weight.sum(0).sqrt()
        return weight.sum()
