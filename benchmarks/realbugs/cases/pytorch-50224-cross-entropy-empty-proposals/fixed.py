# pytorch/pytorch#50224: F.cross_entropy(..., reduction="mean") on zero inputs (no sampled proposals) returns NaN.
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)


def cross_entropy(input, target, *, reduction="mean", **kwargs):
    if target.numel() == 0 and reduction == "mean":
        return input.sum() * 0.0  # connect the gradient
    return F.cross_entropy(input, target, reduction=reduction, **kwargs)


box_predictor = nn.Linear(16, 10)
proposal_features = torch.randn(0, 16)  # this batch sampled no proposals
gt_classes = torch.empty(0, dtype=torch.long)

scores = box_predictor(proposal_features)
loss_cls = cross_entropy(scores, gt_classes, reduction="mean")
loss_cls.backward()
