import torch.nn as nn
import torch.nn.functional as F


class DemandRegressor(nn.Module):
    """Predicts the expected number of rentals per hour."""

    def __init__(self, n_features, hidden):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(n_features, hidden), nn.Tanh())
        self.rate_head = nn.Linear(hidden, 1)

    def forward(self, x):
        return F.softplus(self.rate_head(self.body(x))).squeeze(-1)
