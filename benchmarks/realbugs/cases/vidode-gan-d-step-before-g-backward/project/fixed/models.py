import torch.nn as nn


class Generator(nn.Module):
    def __init__(self, z_dim, frame_dim):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(z_dim, 32), nn.ReLU(), nn.Linear(32, frame_dim), nn.Tanh())

    def forward(self, z):
        return self.net(z)


class Discriminator(nn.Module):
    def __init__(self, frame_dim):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(frame_dim, 32), nn.LeakyReLU(0.2), nn.Linear(32, 1))

    def forward(self, x):
        return self.net(x)
