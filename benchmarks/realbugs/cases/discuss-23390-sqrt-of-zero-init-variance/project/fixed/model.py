"""Regression MLP with a learnable noise-injection layer after the hidden activation."""
import torch
import torch.nn as nn

from layers import GaussianNoise


class NoisyMLP(nn.Module):
    def __init__(self, in_dim=10, hidden=32, out_dim=1):
        super().__init__()
        self.fc1 = nn.Linear(in_dim, hidden)
        self.noise = GaussianNoise(hidden)
        self.fc2 = nn.Linear(hidden, out_dim)

    def forward(self, x):
        return self.fc2(self.noise(torch.relu(self.fc1(x))))
