import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
NUM_CLASSES = 4


def hard_negative_mining(cls_loss, pos):
    cls_loss = cls_loss * (pos.float() - 1)
    _, idx = cls_loss.sort(1)
    _, rank = idx.sort(1)
    num_neg = 3 * pos.sum(1)
    neg = rank < num_neg[:, None]
    return neg


def ssd_loss(loc_preds, loc_targets, cls_preds, cls_targets):
    pos = cls_targets > 0
    batch_size = pos.size(0)
    num_pos = pos.sum().item()
    mask = pos.unsqueeze(2).expand_as(loc_preds)
    loc_loss = F.smooth_l1_loss(loc_preds[mask], loc_targets[mask], reduction="sum")
    cls_loss = F.cross_entropy(cls_preds.view(-1, NUM_CLASSES), cls_targets.view(-1), reduction="none")
    cls_loss = cls_loss.view(batch_size, -1)
    cls_loss[cls_targets < 0] = 0
    neg = hard_negative_mining(cls_loss.detach(), pos)
    cls_loss = cls_loss[pos | neg].sum()
    if num_pos > 0:
        loss = (loc_loss + cls_loss) / num_pos
    else:
        loss = loc_loss + cls_loss
    return loss


head = nn.Conv2d(8, 2 * (4 + NUM_CLASSES), 3, padding=1)
feats = torch.randn(2, 8, 4, 4)
out = head(feats).permute(0, 2, 3, 1).reshape(2, -1, 4 + NUM_CLASSES)
loc_preds, cls_preds = out[..., :4], out[..., 4:]
loc_targets = torch.randn_like(loc_preds)
cls_targets = torch.zeros(2, loc_preds.size(1), dtype=torch.long)

loss = ssd_loss(loc_preds, loc_targets, cls_preds, cls_targets)
loss.backward()
print("loss", loss.item())
