import torch
import torch.nn as nn


def binary_focal_loss_with_logits(input, target, alpha=0.25, gamma=2.0, reduction='none', eps=1e-8):
    probs = torch.sigmoid(input)
    target = target.unsqueeze(dim=1)
    loss_tmp = - alpha * torch.pow((1. - probs), gamma) * target * torch.log(probs + eps) \
               - (1 - alpha) * torch.pow(probs, gamma) * (1. - target) * torch.log(1. - probs + eps)
    loss_tmp = loss_tmp.squeeze(dim=1)

    if reduction == 'none':
        loss = loss_tmp
    elif reduction == 'mean':
        loss = torch.mean(loss_tmp)
    elif reduction == 'sum':
        loss = torch.sum(loss_tmp)
    else:
        raise NotImplementedError(f"Invalid reduction mode: {reduction}")
    return loss


class BinaryFocalLossWithLogits(nn.Module):
    def __init__(self, alpha, gamma=2.0, reduction='none'):
        super().__init__()
        self.alpha = alpha
        self.gamma = gamma
        self.reduction = reduction
        self.eps = 1e-8

    def forward(self, input, target):
        return binary_focal_loss_with_logits(input, target, self.alpha, self.gamma, self.reduction, self.eps)
