import torch
import torch.nn as nn


class MultiTaskNet(nn.Module):
    def __init__(self, n_in=6, hidden=6):
        super().__init__()
        self.shared = nn.Linear(n_in, hidden)
        self.seg_head = nn.Linear(hidden, 1)
        self.grade_head = nn.Linear(hidden, 3)

    def forward(self, x):
        h = self.shared(x)
        return self.seg_head(h), self.grade_head(h)
