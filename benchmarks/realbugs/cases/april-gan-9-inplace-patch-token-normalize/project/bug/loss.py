import torch
import torch.nn as nn


class FocalLoss(nn.Module):
    def __init__(self, gamma=2, smooth=1e-5):
        super(FocalLoss, self).__init__()
        self.gamma = gamma
        self.smooth = smooth

    def forward(self, logit, target):
        num_class = logit.shape[1]
        logit = logit.view(logit.size(0), logit.size(1), -1)
        logit = logit.permute(0, 2, 1).contiguous()
        logit = logit.view(-1, logit.size(-1))
        target = target.view(-1, 1)
        idx = target.cpu().long()
        one_hot_key = torch.FloatTensor(target.size(0), num_class).zero_()
        one_hot_key = one_hot_key.scatter_(1, idx, 1)
        one_hot_key = torch.clamp(one_hot_key, self.smooth / (num_class - 1), 1.0 - self.smooth)
        pt = (one_hot_key * logit).sum(1) + self.smooth
        logpt = pt.log()
        loss = -1 * torch.pow((1 - pt), self.gamma) * logpt
        return loss.mean()


class BinaryDiceLoss(nn.Module):
    def __init__(self):
        super(BinaryDiceLoss, self).__init__()

    def forward(self, input, targets):
        N = targets.size()[0]
        smooth = 1
        input_flat = input.view(N, -1)
        targets_flat = targets.view(N, -1)
        intersection = input_flat * targets_flat
        N_dice_eff = (2 * intersection.sum(1) + smooth) / (input_flat.sum(1) + targets_flat.sum(1) + smooth)
        loss = 1 - N_dice_eff.sum() / N
        return loss
