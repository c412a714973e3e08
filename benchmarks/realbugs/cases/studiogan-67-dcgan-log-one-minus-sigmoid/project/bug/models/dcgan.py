import torch.nn as nn


class Generator(nn.Module):
    def __init__(self, z_dim=8, out_dim=16):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(z_dim, 32), nn.ReLU(), nn.Linear(32, out_dim), nn.Tanh())

    def forward(self, z):
        return self.net(z)


class Discriminator(nn.Module):
    def __init__(self, in_dim=16):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(in_dim, 32), nn.LeakyReLU(0.1), nn.Linear(32, 1))

    def forward(self, x):
        return self.net(x).squeeze(-1)
