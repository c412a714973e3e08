import torch
import torch.nn as nn
import torch.nn.functional as F


def weighted_bce_with_logits(out, gt, pos_w=1.0, neg_w=30.0):
    pos_mask = torch.where(gt != 0, torch.ones_like(gt), torch.zeros_like(gt))
    neg_mask = torch.ones_like(pos_mask) - pos_mask

    loss = F.binary_cross_entropy_with_logits(out, gt, reduction='none')
    loss_pos = (loss * pos_mask).sum() / (torch.sum(pos_mask) + 1e-5)
    loss_neg = (loss * neg_mask).sum() / (torch.sum(neg_mask) + 1e-5)

    loss = loss_pos * pos_w + loss_neg * neg_w
    return loss


class LineSegmentLoss(nn.Module):
    def __init__(self, with_focal_loss=False):
        super(LineSegmentLoss, self).__init__()
        self.with_focal_loss = with_focal_loss
        self.loss_w_dict = {
            'tp_center_loss': 10.0,
            'line_seg_loss': 1.0,
            'junc_seg_loss': 1.0
        }

    def tp_mask_loss(self, out, gt):
        out_center = out[:, 7, :, :]
        gt_center = gt[:, 7, :, :]
        center_loss = weighted_bce_with_logits(out_center, gt_center, 1.0, 30.0)
        return {'tp_center_loss': center_loss}

    def line_and_juc_seg_loss(self, out, gt):
        out_line_seg = out[:, 15, :, :]
        gt_line_seg = gt[:, 15, :, :]
        line_seg_loss = weighted_bce_with_logits(out_line_seg, gt_line_seg, 1.0, 1.0)

        out_junc_seg = out[:, 14, :, :]
        gt_junc_seg = gt[:, 14, :, :]
        junc_seg_loss = weighted_bce_with_logits(out_junc_seg, gt_junc_seg, 1.0, 30.0)

        return line_seg_loss, junc_seg_loss

    def forward(self, preds, gts):
        line_seg_loss, junc_seg_loss = self.line_and_juc_seg_loss(preds, gts)

        loss_dict = {
            'line_seg_loss': line_seg_loss,
            'junc_seg_loss': junc_seg_loss
        }
        loss_dict.update(self.tp_mask_loss(preds, gts))

        loss = 0.0
        for k, v in loss_dict.items():
            if k in self.loss_w_dict.keys():
                v = v * self.loss_w_dict[k]
                loss_dict[k] = v
                loss += v
        loss_dict['loss'] = loss
        return loss_dict
