# CenterNet PR #121, benign inputs: an untrained heatmap head (logits near 0), so the sigmoid never
# saturates and the focal loss stays finite. The bug (log(1 - pred) at pred == 1) needs a saturated pixel.
import torch
import torch.nn as nn

torch.manual_seed(0)


def _neg_loss(pred, gt):
    pos_inds = gt.eq(1).float()
    neg_inds = gt.lt(1).float()
    neg_weights = torch.pow(1 - gt, 4)
    loss = 0
    pos_loss = torch.log(pred) * torch.pow(1 - pred, 2) * pos_inds
    neg_loss = torch.log(1 - pred) * torch.pow(pred, 2) * neg_weights * neg_inds
    num_pos = pos_inds.float().sum()
    pos_loss = pos_loss.sum()
    neg_loss = neg_loss.sum()
    if num_pos == 0:
        loss = loss - neg_loss
    else:
        loss = loss - (pos_loss + neg_loss) / num_pos
    return loss


class FocalLoss(nn.Module):
    def forward(self, out, target):
        return _neg_loss(out, target)


head = nn.Conv2d(4, 2, 1)
feat = torch.randn(1, 4, 8, 8)
pred = head(feat).sigmoid()
gt = torch.zeros(1, 2, 8, 8)
gt[0, 0, 2:5, 2:5] = 0.5
gt[0, 0, 3, 3] = 1.0
gt[0, 1, 5, 2] = 1.0
loss = FocalLoss()(pred, gt)
loss.backward()
