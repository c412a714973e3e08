import torch.nn as nn

from mmdet.core.bbox import bbox_overlaps


def iou_loss(pred, target):
    ious = bbox_overlaps(pred, target, is_aligned=True)
    return 1 - ious


class IoULoss(nn.Module):
    def __init__(self, reduction='mean', loss_weight=1.0):
        super(IoULoss, self).__init__()
        self.reduction = reduction
        self.loss_weight = loss_weight

    def forward(self, pred, target):
        loss = iou_loss(pred, target)
        loss = loss.mean() if self.reduction == 'mean' else loss.sum()
        return self.loss_weight * loss
