# fastai/fastai#1234: the dice metric returns NaN when intersect and union are both zero (empty mask, empty prediction).
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
logits[:, 0] += 10.0  # the model predicts background everywhere
targs = torch.zeros(2, 1, 32, 32, dtype=torch.long)  # a validation batch of slices with no foreground
metric = dice(logits, targs)
