import torch
import torch.nn as nn
import torch.nn.functional as F

from layers.box_utils import match


class MultiBoxLoss(nn.Module):
    def __init__(self, num_classes, overlap_thresh, variances=(0.1, 0.2)):
        super(MultiBoxLoss, self).__init__()
        self.num_classes = num_classes
        self.threshold = overlap_thresh
        self.variance = variances

    def forward(self, predictions, targets):
        loc_data, conf_data, priors = predictions
        num = loc_data.size(0)
        num_priors = priors.size(0)

        loc_t = torch.Tensor(num, num_priors, 4)
        conf_t = torch.LongTensor(num, num_priors)
        for idx in range(num):
            truths = targets[idx][:, :-1].data
            labels = targets[idx][:, -1].data
            defaults = priors.data
            match(self.threshold, truths, defaults, self.variance, labels, loc_t, conf_t, idx)

        pos = conf_t > 0
        pos_idx = pos.unsqueeze(pos.dim()).expand_as(loc_data)
        loc_p = loc_data[pos_idx].view(-1, 4)
        loc_t = loc_t[pos_idx].view(-1, 4)
        loss_l = F.smooth_l1_loss(loc_p, loc_t, reduction="sum")

        loss_c = F.cross_entropy(conf_data.view(-1, self.num_classes), conf_t.view(-1), reduction="sum")
        N = pos.long().sum().clamp(min=1)
        return loss_l / N, loss_c / N
