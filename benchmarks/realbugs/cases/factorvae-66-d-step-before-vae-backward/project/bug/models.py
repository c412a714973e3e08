import torch
import torch.nn as nn


class FactorVAEModel(nn.Module):
    def __init__(self, in_dim=16, z_dim=4):
        super().__init__()
        self.encoder = nn.Sequential(nn.Linear(in_dim, 64), nn.ReLU(), nn.Linear(64, 2 * z_dim))
        self.decoder = nn.Sequential(nn.Linear(z_dim, 64), nn.ReLU(), nn.Linear(64, in_dim))

    def encode(self, x):
        return self.encoder(x).chunk(2, dim=1)

    def forward(self, x):
        mu, logvar = self.encode(x)
        z = mu + torch.randn_like(mu) * torch.exp(0.5 * logvar)
        return self.decoder(z), z, mu, logvar


class FactorVAEDiscriminator(nn.Module):
    def __init__(self, z_dim=4, hidden=1000):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(z_dim, hidden), nn.LeakyReLU(0.2), nn.Linear(hidden, hidden),
                                 nn.LeakyReLU(0.2), nn.Linear(hidden, 2))

    def forward(self, z):
        return self.net(z)


def permute_dims(z):
    B, _ = z.size()
    return torch.stack([z_j[torch.randperm(B)] for z_j in z.t()], dim=1)
