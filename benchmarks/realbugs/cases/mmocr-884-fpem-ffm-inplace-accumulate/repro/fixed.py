# fixed as in mmocr#884: c2_ffm = c2_ffm + c2 (out of place).
# open-mmlab/mmocr#884: FPEM_FFM accumulates the outputs of its repeated FPEMs with c2_ffm += c2; after the first
# FPEM c2_ffm *is* c2, the ReLU output that ReluBackward saved (and the next FPEM's conv input), so the in-place
# add breaks backward when training PANet/PSENet ("modified by an inplace operation").
import torch
import torch.nn.functional as F
from torch import nn

torch.manual_seed(0)


def sep_conv(c, stride):
    return nn.Sequential(nn.Conv2d(c, c, 3, padding=1, stride=stride, groups=c), nn.Conv2d(c, c, 1),
                         nn.BatchNorm2d(c), nn.ReLU())


class FPEM(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.up_add1, self.up_add2, self.up_add3 = sep_conv(c, 1), sep_conv(c, 1), sep_conv(c, 1)
        self.down_add1, self.down_add2, self.down_add3 = sep_conv(c, 2), sep_conv(c, 2), sep_conv(c, 2)

    def forward(self, c2, c3, c4, c5):
        up = lambda x, y: F.interpolate(x, size=y.size()[2:]) + y
        c4 = self.up_add1(up(c5, c4))
        c3 = self.up_add2(up(c4, c3))
        c2 = self.up_add3(up(c3, c2))
        c3 = self.down_add1(up(c3, c2))
        c4 = self.down_add2(up(c4, c3))
        c5 = self.down_add3(up(c5, c4))
        return c2, c3, c4, c5


fpems = nn.ModuleList([FPEM(8), FPEM(8)])
c2, c3, c4, c5 = (torch.randn(2, 8, s, s, requires_grad=True) for s in (32, 16, 8, 4))
for i, fpem in enumerate(fpems):
    c2, c3, c4, c5 = fpem(c2, c3, c4, c5)
    if i == 0:
        c2_ffm, c3_ffm, c4_ffm, c5_ffm = c2, c3, c4, c5
    else:
        c2_ffm = c2_ffm + c2
        c3_ffm = c3_ffm + c3
        c4_ffm = c4_ffm + c4
        c5_ffm = c5_ffm + c5
out = torch.cat([c2_ffm] + [F.interpolate(c, c2_ffm.size()[-2:], mode='bilinear') for c in (c3_ffm, c4_ffm, c5_ffm)], 1)
loss = out.pow(2).mean()
loss.backward()
