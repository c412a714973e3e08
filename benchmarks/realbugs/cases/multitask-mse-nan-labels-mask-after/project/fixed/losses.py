import torch
from torch import nn


class MaskedMultiTaskMSE(nn.Module):
    def __init__(self):
        super().__init__()
        self.L = nn.MSELoss(reduction="none")

    def forward(self, pred, target):
        mask = torch.logical_not(torch.isnan(target))
        return self.L(pred[mask], target[mask]).sum() / mask.sum()
