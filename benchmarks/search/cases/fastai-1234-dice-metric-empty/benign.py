# fastai/fastai#1234, benign inputs: a batch whose targets and predictions both have foreground, so the
# union is positive. The bug (0 / 0) needs an empty target and an empty prediction.
import torch

torch.manual_seed(0)


def dice(input, targs, iou=False):
    "Dice coefficient metric for binary target. If iou=True, returns iou metric."
    n = targs.shape[0]
    input = input.argmax(dim=1).view(n, -1)
    targs = targs.view(n, -1)
    intersect = (input * targs).sum().float()
    union = (input + targs).sum().float()
    if not iou:
        return 2. * intersect / union
    else:
        return intersect / (union - intersect + 1.0)


logits = torch.randn(2, 2, 32, 32)
targs = (torch.rand(2, 1, 32, 32) > 0.7).long()
metric = dice(logits, targs)
