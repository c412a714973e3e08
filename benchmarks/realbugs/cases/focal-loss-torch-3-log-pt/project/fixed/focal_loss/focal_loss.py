import torch
import torch.nn as nn
import torch.nn.functional as F


class FocalLoss(nn.Module):
    def __init__(self, gamma=2.0, weights=None):
        super().__init__()
        self.gamma = gamma
        self.weights = weights

    def forward(self, x, target):
        n_classes = x.shape[-1]
        target_one_hot = F.one_hot(target, num_classes=n_classes).float()
        p_t = (x * target_one_hot).sum(-1)
        eps = torch.finfo(p_t.dtype).eps
        fl = -1 * (1 - p_t) ** self.gamma * torch.log(p_t + eps)
        if self.weights is not None:
            fl = fl * self.weights[target]
        return fl.mean()
