import math

import torch
import torch.nn as nn


class WeightedMSELoss(nn.Module):
    """Latitude-weighted MSE that ignores grid points where the target is undefined."""

    def __init__(self, n_lat):
        super().__init__()
        lat = torch.linspace(-90, 90, n_lat)
        weights = torch.cos(lat * math.pi / 180).clamp(min=0.05)
        self.register_buffer("lat_weights", weights / weights.mean())

    def forward(self, pred, target):
        mask = (~torch.isnan(target)).float()
        err = (pred - target) ** 2 * mask
        err = err * self.lat_weights[:, None]
        return err.sum() / mask.sum()
