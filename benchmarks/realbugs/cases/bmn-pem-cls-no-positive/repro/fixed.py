# https://github.com/JJBOY/BMN-Boundary-Matching-Network/issues/23 -- standard fix: the positive count is clamped to 1 (the maintainer suggested skipping batches without positives).
import torch

torch.manual_seed(0)
tscale = 8
bm_mask = torch.triu(torch.ones(tscale, tscale))
logits = torch.randn(1, tscale, tscale, requires_grad=True)
pred_score = torch.sigmoid(logits)
gt_iou_map = torch.rand(1, tscale, tscale) * 0.85 * bm_mask   # no proposal reaches IoU 0.9

pmask = (gt_iou_map > 0.9).float()
nmask = (gt_iou_map <= 0.9).float() * bm_mask
num_positive = torch.sum(pmask)
num_entries = num_positive + torch.sum(nmask)
ratio = num_entries / torch.clamp(num_positive, min=1.0)
coef_0 = 0.5 * ratio / (ratio - 1)
coef_1 = 0.5 * ratio
epsilon = 0.000001
loss_pos = coef_1 * torch.log(pred_score + epsilon) * pmask
loss_neg = coef_0 * torch.log(1.0 - pred_score + epsilon) * nmask
loss = -1 * torch.sum(loss_pos + loss_neg) / num_entries
loss.backward()
