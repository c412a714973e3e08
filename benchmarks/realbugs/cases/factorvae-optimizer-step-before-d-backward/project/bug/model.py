import torch
import torch.nn as nn


class Discriminator(nn.Module):
    def __init__(self, z_dim):
        super(Discriminator, self).__init__()
        self.z_dim = z_dim
        self.net = nn.Sequential(
            nn.Linear(z_dim, 100), nn.LeakyReLU(0.2, True),
            nn.Linear(100, 100), nn.LeakyReLU(0.2, True),
            nn.Linear(100, 2),
        )

    def forward(self, z):
        return self.net(z).squeeze()


class FactorVAE(nn.Module):
    def __init__(self, z_dim=10, input_dim=256):
        super(FactorVAE, self).__init__()
        self.z_dim = z_dim
        self.encode = nn.Sequential(
            nn.Linear(input_dim, 128), nn.ReLU(True),
            nn.Linear(128, 64), nn.ReLU(True),
            nn.Linear(64, 2 * z_dim),
        )
        self.decode = nn.Sequential(
            nn.Linear(z_dim, 64), nn.ReLU(True),
            nn.Linear(64, 128), nn.ReLU(True),
            nn.Linear(128, input_dim),
        )

    def reparametrize(self, mu, logvar):
        std = logvar.mul(0.5).exp_()
        eps = std.data.new(std.size()).normal_()
        return eps.mul(std).add_(mu)

    def forward(self, x, no_dec=False):
        stats = self.encode(x.view(x.size(0), -1))
        mu = stats[:, :self.z_dim]
        logvar = stats[:, self.z_dim:]
        z = self.reparametrize(mu, logvar)
        if no_dec:
            return z.squeeze()
        x_recon = self.decode(z).view(x.size())
        return x_recon, mu, logvar, z.squeeze()
