import torch
import torch.nn as nn


class MaskNet(nn.Module):
    """Predicts one soft mask per source and applies it to the mixture."""

    def __init__(self, num_sources=2, channels=2, hidden=16):
        super().__init__()
        self.num_sources = num_sources
        self.channels = channels
        self.net = nn.Sequential(
            nn.Conv1d(channels, hidden, 9, padding=4), nn.GELU(),
            nn.Conv1d(hidden, num_sources * channels, 9, padding=4),
        )

    def forward(self, mix):
        b, c, t = mix.shape
        mask = torch.sigmoid(self.net(mix)).view(b, self.num_sources, c, t)
        return mask * mix.unsqueeze(1)
