import torch
import torch.nn as nn


class MaskL1Loss(nn.Module):
    def __init__(self):
        super(MaskL1Loss, self).__init__()

    def forward(self, pred: torch.Tensor, gt, mask):
        loss = (torch.abs(pred[:, 0] - gt) * mask).sum() / mask.sum()
        return loss, dict(l1_loss=loss)
