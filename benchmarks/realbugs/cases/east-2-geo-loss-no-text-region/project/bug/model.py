import torch
import torch.nn as nn


class EAST(nn.Module):
    def __init__(self):
        super(EAST, self).__init__()
        self.output = nn.Conv2d(3, 6, 1)

    def forward(self, x):
        out = self.output(x)
        score = torch.sigmoid(out[:, :1])
        geo = torch.relu(out[:, 1:])
        return score, geo
