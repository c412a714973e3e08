import torch
import torch.nn as nn
import torch.nn.functional as F
from box_utils import log_sum_exp


class MultiBoxLoss(nn.Module):
    def __init__(self, num_classes, negpos_ratio=3):
        super().__init__()
        self.num_classes = num_classes
        self.negpos_ratio = negpos_ratio
        self.mining_scores = None

    def forward(self, conf_data, conf_t):
        num = conf_data.size(0)
        pos = conf_t > 0
        batch_conf = conf_data.view(-1, self.num_classes)
        loss_c = log_sum_exp(batch_conf) - batch_conf.gather(1, conf_t.view(-1, 1))
        self.mining_scores = loss_c.detach().view(num, -1)

        loss_c = loss_c.view(num, -1)
        loss_c[pos] = 0
        _, loss_idx = loss_c.sort(1, descending=True)
        _, idx_rank = loss_idx.sort(1)
        num_pos = pos.long().sum(1, keepdim=True)
        num_neg = torch.clamp(self.negpos_ratio * num_pos, max=pos.size(1) - 1)
        neg = idx_rank < num_neg.expand_as(idx_rank)

        pos_idx = pos.unsqueeze(2).expand_as(conf_data)
        neg_idx = neg.unsqueeze(2).expand_as(conf_data)
        conf_p = conf_data[(pos_idx + neg_idx).gt(0)].view(-1, self.num_classes)
        targets_weighted = conf_t[(pos + neg).gt(0)]
        loss = F.cross_entropy(conf_p, targets_weighted, reduction="sum")
        return loss / num_pos.sum().clamp(min=1)
