# roytseng-tw/Detectron.pytorch#110, fixed as the pull request does: widths and heights that are
# zero or negative are replaced by cfg.EPS before the division and the log.
import torch
import torch.nn as nn
import torch.nn.functional as F

EPS = 1e-14

torch.manual_seed(0)


def bbox_transform_inv(boxes, gt_boxes, weights=(10.0, 10.0, 5.0, 5.0)):
    wx, wy, ww, wh = weights
    ex_widths = boxes[:, 2] - boxes[:, 0] + 1.0
    ex_heights = boxes[:, 3] - boxes[:, 1] + 1.0
    ex_ctr_x = boxes[:, 0] + 0.5 * ex_widths
    ex_ctr_y = boxes[:, 1] + 0.5 * ex_heights
    gt_widths = gt_boxes[:, 2] - gt_boxes[:, 0] + 1.0
    gt_heights = gt_boxes[:, 3] - gt_boxes[:, 1] + 1.0
    ex_widths = torch.where(ex_widths > 0, ex_widths, torch.full_like(ex_widths, EPS))
    ex_heights = torch.where(ex_heights > 0, ex_heights, torch.full_like(ex_heights, EPS))
    gt_widths = torch.where(gt_widths > 0, gt_widths, torch.full_like(gt_widths, EPS))
    gt_heights = torch.where(gt_heights > 0, gt_heights, torch.full_like(gt_heights, EPS))
    gt_ctr_x = gt_boxes[:, 0] + 0.5 * gt_widths
    gt_ctr_y = gt_boxes[:, 1] + 0.5 * gt_heights
    targets_dx = wx * (gt_ctr_x - ex_ctr_x) / ex_widths
    targets_dy = wy * (gt_ctr_y - ex_ctr_y) / ex_heights
    targets_dw = ww * torch.log(gt_widths / ex_widths)
    targets_dh = wh * torch.log(gt_heights / ex_heights)
    return torch.stack((targets_dx, targets_dy, targets_dw, targets_dh), dim=1)


bbox_head = nn.Linear(64, 4)
optimizer = torch.optim.SGD(bbox_head.parameters(), lr=0.01)

rois = torch.tensor([[10.0, 10.0, 50.0, 60.0], [100.0, 40.0, 140.0, 90.0]])
gt_boxes = torch.tensor([[12.0, 11.0, 48.0, 58.0], [120.0, 42.0, 119.0, 88.0]])  # second: zero width
roi_feats = torch.randn(2, 64)

bbox_targets = bbox_transform_inv(rois, gt_boxes)
bbox_pred = bbox_head(roi_feats)
loss_bbox = F.smooth_l1_loss(bbox_pred, bbox_targets, beta=1.0 / 9)
optimizer.zero_grad()
loss_bbox.backward()
