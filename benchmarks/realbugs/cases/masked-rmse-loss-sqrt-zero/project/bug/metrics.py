import torch
import torch.nn as nn


class MaskedRMSELoss(nn.Module):
    def __init__(self):
        super().__init__()
        self.mse = nn.MSELoss()

    def forward(self, pred, target, mask):
        return torch.sqrt(self.mse(pred * mask, target * mask))
