import torch
import torch.nn as nn


class FreeFB(nn.Module):
    """Free analysis filterbank (learnable real and imaginary filters, no bias)."""

    def __init__(self, n_filters=32, kernel_size=16, stride=8):
        super().__init__()
        self.conv = nn.Conv1d(1, n_filters, kernel_size, stride=stride, bias=False)

    def forward(self, wav):
        return self.conv(wav.unsqueeze(1))
