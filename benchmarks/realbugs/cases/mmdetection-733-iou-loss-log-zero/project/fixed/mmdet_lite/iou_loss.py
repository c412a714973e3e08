import torch.nn as nn
from mmdet_lite.bbox import bbox_overlaps


def iou_loss(pred, target):
    ious = bbox_overlaps(pred, target, is_aligned=True)
    loss = -ious.clamp(min=1e-6).log()
    return loss


class IoULoss(nn.Module):
    def __init__(self, loss_weight=1.0):
        super().__init__()
        self.loss_weight = loss_weight

    def forward(self, pred, target, avg_factor):
        return self.loss_weight * iou_loss(pred, target).sum() / avg_factor
