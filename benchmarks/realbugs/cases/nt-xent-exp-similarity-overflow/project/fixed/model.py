import torch.nn as nn


class AudioEncoder(nn.Module):
    def __init__(self, n_mels=20, hidden=64, proj_dim=32):
        super().__init__()
        self.conv = nn.Sequential(nn.Conv1d(n_mels, hidden, 3, padding=1), nn.ReLU(), nn.AdaptiveAvgPool1d(1))
        self.projection = nn.Sequential(nn.Linear(hidden, hidden), nn.ReLU(), nn.Linear(hidden, proj_dim))

    def forward(self, mel):
        h = self.conv(mel).squeeze(-1)
        return self.projection(h)
