import torch
import torch.nn as nn


class PositiveScale(nn.Module):
    def forward(self, raw):
        return torch.log(torch.exp(raw) + 1)
