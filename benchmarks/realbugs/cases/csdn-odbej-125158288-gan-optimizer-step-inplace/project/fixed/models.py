import torch.nn as nn


class Generator(nn.Module):
    def __init__(self, nz=16, hidden=64, out_dim=32):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(nz, hidden), nn.ReLU(True), nn.Linear(hidden, out_dim), nn.Tanh())

    def forward(self, z):
        return self.net(z)


class Discriminator(nn.Module):
    def __init__(self, in_dim=32, hidden=64):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(in_dim, hidden), nn.LeakyReLU(0.2), nn.Linear(hidden, 1), nn.Sigmoid())

    def forward(self, x):
        return self.net(x)
