import torch.nn as nn
import torch.nn.functional as F


class ReLUDropout(nn.Module):
    def __init__(self, p=0.5, inplace=False):
        super().__init__()
        self.p = p
        self.inplace = inplace

    def forward(self, x):
        y = F.relu(x, inplace=self.inplace)
        y = F.dropout(y, p=self.p, training=self.training, inplace=self.inplace)
        return y
