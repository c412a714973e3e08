# https://github.com/open-mmlab/mmdetection/pull/3394 -- fix: eps added to the box heights before the aspect-ratio division (as in mmdetection's ciou_loss).
import math

import torch

torch.manual_seed(0)
raw = torch.tensor([[30.0, 75.0, 30.0, 75.0], [10.0, 12.0, 40.0, 50.0]], requires_grad=True)
pred = raw * 1.0
target = torch.tensor([[28.0, 70.0, 40.0, 90.0], [12.0, 10.0, 38.0, 52.0]])
eps = 1e-7

lt = torch.max(pred[:, :2], target[:, :2])
rb = torch.min(pred[:, 2:], target[:, 2:])
wh = (rb - lt).clamp(min=0)
overlap = wh[:, 0] * wh[:, 1]
ap = (pred[:, 2] - pred[:, 0]) * (pred[:, 3] - pred[:, 1])
ag = (target[:, 2] - target[:, 0]) * (target[:, 3] - target[:, 1])
ious = overlap / (ap + ag - overlap + eps)
enclose_wh = (torch.max(pred[:, 2:], target[:, 2:]) - torch.min(pred[:, :2], target[:, :2])).clamp(min=0)
c2 = enclose_wh[:, 0] ** 2 + enclose_wh[:, 1] ** 2 + eps
w1, h1 = pred[:, 2] - pred[:, 0], pred[:, 3] - pred[:, 1] + eps
w2, h2 = target[:, 2] - target[:, 0], target[:, 3] - target[:, 1] + eps
rho2 = ((target[:, 0] + target[:, 2]) - (pred[:, 0] + pred[:, 2])) ** 2 / 4 + \
    ((target[:, 1] + target[:, 3]) - (pred[:, 1] + pred[:, 3])) ** 2 / 4
v = (4 / math.pi ** 2) * torch.pow(torch.atan(w2 / h2) - torch.atan(w1 / h1), 2)
cious = ious - (rho2 / c2 + v ** 2 / (1 - ious + v))
loss = (1 - cious).mean()
loss.backward()
