"""Generator and discriminator for a small 1-D GAN."""
import torch.nn as nn


class Generator(nn.Module):
    def __init__(self, z_dim=16, x_dim=32, hidden=64):
        super().__init__()
        self.z_dim = z_dim
        self.net = nn.Sequential(nn.Linear(z_dim, hidden), nn.ReLU(), nn.Linear(hidden, x_dim), nn.Tanh())

    def forward(self, z):
        return self.net(z)


class Discriminator(nn.Module):
    def __init__(self, x_dim=32, hidden=64):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(x_dim, hidden), nn.LeakyReLU(0.2), nn.Linear(hidden, 1))

    def forward(self, x):
        return self.net(x)
