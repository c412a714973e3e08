# fixed as in ultralytics#490: target_scores_sum = max(target_scores.sum(), 1).
# ultralytics#490: YOLOv8 Loss divides the class BCE by target_scores.sum(), which is 0 for a batch of
# background images (no ground-truth boxes): the assigner returns all-zero target scores.
import torch
import torch.nn as nn

torch.manual_seed(0)
nc, bs, n_anchors = 3, 2, 16
bce = nn.BCEWithLogitsLoss(reduction='none')
hyp = {"box": 7.5, "cls": 0.5}

pred_scores = torch.randn(bs, n_anchors, nc, requires_grad=True)
gt_bboxes = torch.zeros(bs, 0, 4)  # empty label files

# TaskAlignedAssigner: n_max_boxes == 0 -> all-zero targets
target_scores = torch.zeros_like(pred_scores)
fg_mask = torch.zeros(bs, n_anchors, dtype=torch.bool)

loss = torch.zeros(2)
target_scores_sum = max(target_scores.sum(), 1)
loss[1] = bce(pred_scores, target_scores).sum() / target_scores_sum  # BCE
if fg_mask.sum():
    loss[0] = 0.0
loss[0] *= hyp["box"]
loss[1] *= hyp["cls"]
total = loss.sum() * bs
total.backward()
