import torch
import torch.nn as nn

from modules.partialconv2d import PartialConv2d


class RFRNet(nn.Module):
    def __init__(self):
        super(RFRNet, self).__init__()
        self.Pconv1 = PartialConv2d(3, 16, 3, 1, 1, bias=False)
        self.Pconv2 = PartialConv2d(16, 16, 3, 1, 1, bias=False)
        self.act = nn.ReLU()
        self.out = nn.Conv2d(16, 3, 1)

    def forward(self, in_image, mask):
        x1, m1 = self.Pconv1(in_image, mask)
        x1 = self.act(x1)
        x2, m2 = self.Pconv2(x1, m1)
        x2 = self.act(x2)
        return torch.sigmoid(self.out(x2))
