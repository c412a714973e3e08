import torch.nn as nn

from pretrained_networks import TinyNet
from util import normalize_tensor, spatial_average


class LPIPS(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = TinyNet()

    def forward(self, in0, in1):
        outs0, outs1 = self.net(in0), self.net(in1)
        val = 0
        for kk in range(len(outs0)):
            feats0, feats1 = normalize_tensor(outs0[kk]), normalize_tensor(outs1[kk])
            diffs = (feats0 - feats1) ** 2
            val = val + spatial_average(diffs.sum(dim=1, keepdim=True), keepdim=True)
        return val
