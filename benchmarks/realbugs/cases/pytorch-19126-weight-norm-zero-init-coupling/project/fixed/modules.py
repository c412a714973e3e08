import torch
import torch.nn as nn
from torch.nn.utils import weight_norm


class WN(nn.Module):
    """WaveNet-like transform of an affine coupling layer, weight-normalized as in WaveGlow / Glow-TTS."""

    def __init__(self, in_channels, hidden_channels, out_channels, n_layers=2):
        super().__init__()
        self.start = weight_norm(nn.Conv1d(in_channels, hidden_channels, 1))
        self.layers = nn.ModuleList(
            [weight_norm(nn.Conv1d(hidden_channels, hidden_channels, 3, padding=1)) for _ in range(n_layers)]
        )
        # zero init of the last layer, so that each coupling starts as the identity
        end = nn.Conv1d(hidden_channels, out_channels, 1)
        end.bias.data.zero_()
        self.end = weight_norm(end)
        self.end.weight_g.data.zero_()   # zero the magnitude g, not the direction v: no 0 / ||0||

    def forward(self, x):
        h = self.start(x)
        for layer in self.layers:
            h = h + torch.tanh(layer(h))
        return self.end(h)
