import torch
import torch.nn as nn


class MultiTaskModel(nn.Module):
    """Shared trunk with one regression head per task and learned homoscedastic uncertainties."""

    def __init__(self, in_dim=4, hidden=16, n_tasks=2):
        super().__init__()
        self.trunk = nn.Sequential(nn.Linear(in_dim, hidden), nn.ReLU())
        self.heads = nn.ModuleList([nn.Linear(hidden, 1) for _ in range(n_tasks)])
        self.log_vars = nn.Parameter(torch.zeros(n_tasks))

    def forward(self, x):
        h = self.trunk(x)
        return [head(h) for head in self.heads], self.log_vars
