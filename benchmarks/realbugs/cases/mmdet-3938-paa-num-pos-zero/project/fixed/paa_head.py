import torch
import torch.nn as nn

from losses import FocalLoss


class PAAHead(nn.Module):
    def __init__(self, num_classes=4, in_channels=8):
        super().__init__()
        self.num_classes = num_classes
        self.conv_cls = nn.Conv2d(in_channels, num_classes, 3, padding=1)
        self.conv_reg = nn.Conv2d(in_channels, 4, 3, padding=1)
        self.conv_iou = nn.Conv2d(in_channels, 1, 3, padding=1)
        self.loss_cls = FocalLoss()

    def forward(self, feat):
        return self.conv_cls(feat), self.conv_reg(feat), self.conv_iou(feat)

    def loss(self, cls_score, bbox_pred, iou_pred, labels, labels_weight, img_metas):
        cls_scores = cls_score.permute(0, 2, 3, 1).reshape(-1, self.num_classes)
        bbox_preds = bbox_pred.permute(0, 2, 3, 1).reshape(-1, 4)
        iou_preds = iou_pred.permute(0, 2, 3, 1).reshape(-1, 1)
        pos_inds_flatten = ((labels >= 0) & (labels < self.num_classes)).nonzero().reshape(-1)
        num_pos = len(pos_inds_flatten)
        if num_pos:
            losses_bbox = bbox_preds[pos_inds_flatten].abs().mean()
            losses_iou = iou_preds[pos_inds_flatten].sigmoid().mean()
        else:
            losses_iou = iou_preds.sum() * 0
            losses_bbox = bbox_preds.sum() * 0
        losses_cls = self.loss_cls(cls_scores, labels, labels_weight, avg_factor=max(num_pos, len(img_metas)))  # avoid num_pos=0
        return dict(loss_cls=losses_cls, loss_bbox=losses_bbox, loss_iou=losses_iou)
