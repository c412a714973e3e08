import torch
import torch.nn as nn

import pytorch_iou
from model import BASNet

torch.manual_seed(0)

bce_loss = nn.BCELoss(reduction="mean")
iou_loss = pytorch_iou.IOU(size_average=True)


def bce_iou_loss(pred, target):
    return bce_loss(pred, target) + iou_loss(pred, target)


net = BASNet(8, 1)
feats = torch.randn(2, 8, 16, 16)
with torch.no_grad():
    net.outconv.bias.fill_(-150.0)
labels_v = torch.zeros(2, 1, 16, 16)
labels_v[0, :, 4:8, 4:8] = 1.0
optimizer = torch.optim.Adam(net.parameters(), lr=0.001)
optimizer.zero_grad()
d0 = net(feats)
loss = bce_iou_loss(d0, labels_v)
loss.backward()
optimizer.step()
