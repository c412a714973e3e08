import torch
import torch.nn as nn

from tal import TaskAlignedAssigner


class BboxLoss(nn.Module):
    def forward(self, pred_bboxes, target_bboxes, target_scores, target_scores_sum, fg_mask):
        weight = target_scores.sum(-1)[fg_mask].unsqueeze(-1)
        l1 = (pred_bboxes[fg_mask] - target_bboxes[fg_mask]).abs().sum(-1, keepdim=True)
        return (l1 * weight).sum() / target_scores_sum


class Loss:
    def __init__(self, model, hyp):
        self.bce = nn.BCEWithLogitsLoss(reduction='none')
        self.hyp = hyp
        self.nc = model.nc
        self.assigner = TaskAlignedAssigner(topk=10, num_classes=self.nc, alpha=0.5, beta=6.0)
        self.bbox_loss = BboxLoss()

    def __call__(self, preds, batch):
        loss = torch.zeros(2)  # box, cls
        pred_scores, pred_bboxes, anchor_points = preds
        dtype = pred_scores.dtype
        batch_size = pred_scores.shape[0]

        gt_labels, gt_bboxes = batch["cls"], batch["bboxes"]
        mask_gt = gt_bboxes.sum(2, keepdim=True).gt_(0)

        _, target_bboxes, target_scores, fg_mask, _ = self.assigner(
            pred_scores.detach().sigmoid(), pred_bboxes.detach(), anchor_points, gt_labels, gt_bboxes, mask_gt)

        target_scores_sum = target_scores.sum()

        # cls loss
        loss[1] = self.bce(pred_scores, target_scores.to(dtype)).sum() / target_scores_sum  # BCE

        # bbox loss
        if fg_mask.sum():
            loss[0] = self.bbox_loss(pred_bboxes, target_bboxes, target_scores, target_scores_sum, fg_mask)

        loss[0] *= self.hyp["box"]
        loss[1] *= self.hyp["cls"]
        return loss.sum() * batch_size, loss.detach()
