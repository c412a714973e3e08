import torch
import torch.nn as nn

from geometry import angle_between


class DirectionLoss(nn.Module):
    def forward(self, prediction, target):
        return angle_between(prediction, target)
