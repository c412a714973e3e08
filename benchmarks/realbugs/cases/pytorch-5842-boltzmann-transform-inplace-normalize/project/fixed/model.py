import torch
import torch.nn as nn

from transforms import BoltzmannTransform


class MixtureWeights(nn.Module):
    """Unconstrained mixture logits mapped onto the simplex by the Boltzmann transform."""

    def __init__(self, in_features, num_components):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(in_features, 32), nn.Tanh(), nn.Linear(32, num_components))
        self.to_simplex = BoltzmannTransform()

    def forward(self, x):
        return self.to_simplex(self.net(x))
