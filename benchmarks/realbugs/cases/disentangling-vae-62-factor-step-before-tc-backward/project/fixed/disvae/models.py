"""VAE with a fully connected encoder/decoder, and the FactorVAE discriminator."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class EncoderFC(nn.Module):
    def __init__(self, img_size, latent_dim=6, hidden_dim=32):
        super().__init__()
        self.latent_dim = latent_dim
        self.lin1 = nn.Linear(img_size, hidden_dim)
        self.lin2 = nn.Linear(hidden_dim, hidden_dim)
        self.mu_logvar_gen = nn.Linear(hidden_dim, latent_dim * 2)

    def forward(self, x):
        x = torch.relu(self.lin2(torch.relu(self.lin1(x.view(x.size(0), -1)))))
        mu, logvar = self.mu_logvar_gen(x).view(-1, self.latent_dim, 2).unbind(-1)
        return mu, logvar


class DecoderFC(nn.Module):
    def __init__(self, img_size, latent_dim=6, hidden_dim=32):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(latent_dim, hidden_dim), nn.ReLU(), nn.Linear(hidden_dim, img_size))

    def forward(self, z):
        return torch.sigmoid(self.net(z))


class VAE(nn.Module):
    def __init__(self, img_size, latent_dim=6):
        super().__init__()
        self.encoder = EncoderFC(img_size, latent_dim)
        self.decoder = DecoderFC(img_size, latent_dim)

    def reparameterize(self, mean, logvar):
        if self.training:
            std = torch.exp(0.5 * logvar)
            return mean + std * torch.randn_like(std)
        return mean

    def forward(self, x):
        latent_dist = self.encoder(x)
        latent_sample = self.reparameterize(*latent_dist)
        return self.decoder(latent_sample), latent_dist, latent_sample

    def sample_latent(self, x):
        return self.reparameterize(*self.encoder(x))


class Discriminator(nn.Module):
    def __init__(self, latent_dim=6, hidden_units=32, neg_slope=0.2):
        super().__init__()
        self.neg_slope = neg_slope
        self.lin1 = nn.Linear(latent_dim, hidden_units)
        self.lin2 = nn.Linear(hidden_units, hidden_units)
        self.lin3 = nn.Linear(hidden_units, 2)

    def forward(self, z):
        z = F.leaky_relu(self.lin1(z), self.neg_slope)
        z = F.leaky_relu(self.lin2(z), self.neg_slope)
        return self.lin3(z)
