import torch
import torch.nn as nn

from scalers import TemporalNorm


class NHITS(nn.Module):
    def __init__(self, h=4, input_size=16, n_series=3, hidden=32):
        super().__init__()
        self.scaler = TemporalNorm(scaler_type="revin", dim=-1, num_features=n_series)
        self.mlp = nn.Sequential(nn.Linear(input_size, hidden), nn.ReLU(), nn.Linear(hidden, h))

    def forward(self, insample_y, insample_mask):
        z = self.scaler.transform(insample_y, insample_mask)   # [B, C, T]
        forecast = self.mlp(z)
        return self.scaler.inverse_transform(forecast)
