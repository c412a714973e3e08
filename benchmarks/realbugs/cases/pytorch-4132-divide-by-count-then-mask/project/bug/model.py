import torch
import torch.nn as nn


def masked_mean(h, mask):
    count = mask.sum(1, keepdim=True)
    pooled = (h * mask.unsqueeze(-1)).sum(1) / count
    pooled[count.squeeze(1) == 0] = 0
    return pooled


class SetEncoder(nn.Module):
    def __init__(self, in_dim=4, hidden=8, out_dim=2):
        super().__init__()
        self.phi = nn.Sequential(nn.Linear(in_dim, hidden), nn.ReLU(), nn.Linear(hidden, hidden))
        self.rho = nn.Linear(hidden, out_dim)

    def forward(self, items, mask):
        return self.rho(masked_mean(self.phi(items), mask))
