import torch.nn as nn


class base_Model(nn.Module):
    def __init__(self, in_channels=1, hidden=32, out_dim=32):
        super().__init__()
        self.conv = nn.Sequential(nn.Conv1d(in_channels, hidden, 8, padding=4), nn.ReLU(), nn.AdaptiveAvgPool1d(1))
        self.projection_head = nn.Sequential(nn.Linear(hidden, hidden), nn.ReLU(), nn.Linear(hidden, out_dim))

    def forward(self, x):
        h = self.conv(x).squeeze(-1)
        return self.projection_head(h)
