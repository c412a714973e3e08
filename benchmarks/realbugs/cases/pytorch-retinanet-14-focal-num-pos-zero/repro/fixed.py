import torch
import torch.nn.functional as F

torch.manual_seed(0)

num_classes = 3
loc_preds = torch.randn(2, 30, 4, requires_grad=True)
cls_preds = torch.randn(2, 30, num_classes, requires_grad=True)
loc_targets = torch.randn(2, 30, 4)
cls_targets = torch.zeros(2, 30, dtype=torch.long)
cls_targets[:, 5:8] = -1


def focal_loss_alt(x, y, alpha=0.25):
    t = F.one_hot(y, 1 + num_classes)[:, 1:].float()
    xt = x * (2 * t - 1)
    pt = (2 * xt + 1).sigmoid()
    w = alpha * t + (1 - alpha) * (1 - t)
    loss = -w * pt.log() / 2
    return loss.sum()


pos = cls_targets > 0
num_pos = pos.data.long().sum()
mask = pos.unsqueeze(2).expand_as(loc_preds)
masked_loc_preds = loc_preds[mask].view(-1, 4)
masked_loc_targets = loc_targets[mask].view(-1, 4)
loc_loss = F.smooth_l1_loss(masked_loc_preds, masked_loc_targets, reduction="sum")
pos_neg = cls_targets > -1
mask = pos_neg.unsqueeze(2).expand_as(cls_preds)
masked_cls_preds = cls_preds[mask].view(-1, num_classes)
cls_loss = focal_loss_alt(masked_cls_preds, cls_targets[pos_neg])
loss = (loc_loss + cls_loss) / num_pos.clamp(min=1)
loss.backward()
