import torch
import torch.nn as nn


class PhasePicker(nn.Module):
    """Tiny 1D CNN: 3-component waveform -> P/S/noise probabilities per sample."""

    def __init__(self, in_channels=3, hidden=8):
        super().__init__()
        self.conv1 = nn.Conv1d(in_channels, hidden, 7, padding=3)
        self.conv2 = nn.Conv1d(hidden, 3, 7, padding=3)

    def forward(self, x):
        return self.conv2(torch.relu(self.conv1(x)))
