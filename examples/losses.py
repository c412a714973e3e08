"""Loss functions as they are often first written — each one hides a NaN or an Inf."""

import torch
import torch.nn.functional as F


def classification_loss(logits, target):
    # softmax underflows to 0 for very negative logits; log(0) = -inf
    log_probs = torch.log(F.softmax(logits, dim=-1))
    return F.nll_loss(log_probs, target)


def binary_loss(logits, target):
    p = torch.sigmoid(logits)
    return -(target * torch.log(p) + (1 - target) * torch.log(1 - p)).mean()


def dice_loss(pred, target):
    intersection = (pred * target).sum()
    # an empty mask and an empty prediction give 0 / 0
    return 1 - 2 * intersection / (pred.sum() + target.sum())


def focal_loss(logits, target, gamma=0.5):
    p = torch.sigmoid(logits)
    pt = torch.where(target > 0, p, 1 - p)
    return -((1 - pt) ** gamma * torch.log(pt)).mean()


def entropy(probs):
    return -(probs * torch.log(probs)).sum(-1)
