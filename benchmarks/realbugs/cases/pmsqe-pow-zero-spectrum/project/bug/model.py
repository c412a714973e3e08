import torch
import torch.nn as nn


class MaskEstimator(nn.Module):
    def __init__(self, n_bins):
        super().__init__()
        self.mask = nn.Linear(n_bins, n_bins)

    def forward(self, noisy_power):
        return torch.relu(self.mask(noisy_power)) * noisy_power
