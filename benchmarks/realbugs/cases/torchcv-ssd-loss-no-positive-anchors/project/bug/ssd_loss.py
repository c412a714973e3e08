import torch
import torch.nn as nn
import torch.nn.functional as F


class SSDLoss(nn.Module):
    def __init__(self, num_classes):
        super().__init__()
        self.num_classes = num_classes

    def _hard_negative_mining(self, cls_loss, pos):
        cls_loss = cls_loss * (pos.float() - 1)
        _, idx = cls_loss.sort(1)
        _, rank = idx.sort(1)
        num_neg = 3 * pos.sum(1)
        neg = rank < num_neg[:, None]
        return neg

    def forward(self, loc_preds, loc_targets, cls_preds, cls_targets):
        pos = cls_targets > 0
        batch_size = pos.size(0)
        num_pos = pos.sum().item()

        mask = pos.unsqueeze(2).expand_as(loc_preds)
        loc_loss = F.smooth_l1_loss(loc_preds[mask], loc_targets[mask], reduction="sum")

        cls_loss = F.cross_entropy(cls_preds.view(-1, self.num_classes),
                                   cls_targets.view(-1), reduction="none")
        cls_loss = cls_loss.view(batch_size, -1)
        cls_loss[cls_targets < 0] = 0
        neg = self._hard_negative_mining(cls_loss.detach(), pos)
        cls_loss = cls_loss[pos | neg].sum()

        loss = (loc_loss + cls_loss) / num_pos
        return loss
