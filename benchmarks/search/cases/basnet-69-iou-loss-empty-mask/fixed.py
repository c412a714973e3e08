# xuebinqin/BASNet#69 fixed, benign inputs: an eps added to the union (the PR's suggestion).
import torch
import torch.nn as nn

torch.manual_seed(0)


def _iou(pred, target, size_average=True):
    b = pred.shape[0]
    IoU = 0.0
    for i in range(0, b):
        Iand1 = torch.sum(target[i, :, :, :] * pred[i, :, :, :])
        Ior1 = torch.sum(target[i, :, :, :]) + torch.sum(pred[i, :, :, :]) - Iand1
        IoU1 = Iand1 / (Ior1 + 1e-7)
        IoU = IoU + (1 - IoU1)
    return IoU / b


head = nn.Conv2d(8, 1, 1)
feats = torch.randn(2, 8, 16, 16)
pred = torch.sigmoid(head(feats))
target = torch.zeros(2, 1, 16, 16)
target[0, :, 4:8, 4:8] = 1.0
target[1, :, 8:12, 2:9] = 1.0
loss = _iou(pred, target)
loss.backward()
