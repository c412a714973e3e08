import torch
import torch.nn as nn


class TaskAlignedAssigner(nn.Module):
    def __init__(self, topk=13, num_classes=80, alpha=1.0, beta=6.0, eps=1e-9):
        super().__init__()
        self.topk = topk
        self.num_classes = num_classes
        self.bg_idx = num_classes
        self.alpha = alpha
        self.beta = beta
        self.eps = eps

    @torch.no_grad()
    def forward(self, pd_scores, pd_bboxes, anc_points, gt_labels, gt_bboxes, mask_gt):
        self.bs = pd_scores.size(0)
        self.n_max_boxes = gt_bboxes.size(1)

        if self.n_max_boxes == 0:
            device = gt_bboxes.device
            return (torch.full_like(pd_scores[..., 0], self.bg_idx).to(device), torch.zeros_like(pd_bboxes).to(device),
                    torch.zeros_like(pd_scores).to(device), torch.zeros_like(pd_scores[..., 0]).to(device),
                    torch.zeros_like(pd_scores[..., 0]).to(device))

        # simplified alignment metric: every anchor inside a gt box is a positive of that gt
        lt, rb = gt_bboxes[..., :2], gt_bboxes[..., 2:]
        inside = ((anc_points[None, None] > lt[:, :, None]) & (anc_points[None, None] < rb[:, :, None])).all(-1)
        inside = inside & mask_gt.bool()
        fg_mask = inside.any(1).float()
        gt_idx = inside.float().argmax(1)
        target_labels = gt_labels.squeeze(-1).long().gather(1, gt_idx)
        target_bboxes = gt_bboxes.gather(1, gt_idx[..., None].expand(-1, -1, 4))
        target_scores = torch.nn.functional.one_hot(target_labels, self.num_classes).float() * fg_mask[..., None]
        return target_labels, target_bboxes, target_scores, fg_mask.bool(), gt_idx
