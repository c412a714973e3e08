import torch.nn as nn


class NetWithAuxHead(nn.Module):
    def __init__(self, n_in=4, hidden=8):
        super().__init__()
        self.backbone = nn.Sequential(nn.Linear(n_in, hidden), nn.Tanh())
        self.head = nn.Linear(hidden, 1)
        self.aux = nn.Linear(hidden, 1)

    def forward(self, x):
        h = self.backbone(x)
        return self.head(h), self.aux(h)
