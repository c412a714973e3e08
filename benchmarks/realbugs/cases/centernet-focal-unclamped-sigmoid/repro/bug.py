# https://github.com/maudzung/RTM3D/issues/4 - the heatmap sigmoid is not clamped before the CornerNet focal loss; a saturated logit gives pred == 1.0 exactly and log(1 - pred) is -inf.
import torch
import torch.nn as nn

torch.manual_seed(0)
hm_head = nn.Conv2d(4, 3, 1)
feat = torch.randn(1, 4, 8, 8)
feat[0, :, 2, 3] = 60.0  # a strongly activated location
gt = torch.zeros(1, 3, 8, 8)
gt[0, 1, 4:7, 4:7] = 0.6
gt[0, 1, 5, 5] = 1.0

pred = torch.sigmoid(hm_head(feat))
pos_inds = gt.eq(1).float()
neg_inds = gt.lt(1).float()
neg_weights = torch.pow(1 - gt, 4)
pos_loss = torch.log(pred) * torch.pow(1 - pred, 2) * pos_inds
neg_loss = torch.log(1 - pred) * torch.pow(pred, 2) * neg_weights * neg_inds
num_pos = pos_inds.sum()
loss = -(pos_loss.sum() + neg_loss.sum()) / num_pos
loss.backward()
grad = hm_head.weight.grad
print(pred.max().item(), pred.min().item(), loss.item())
