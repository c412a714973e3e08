"""A small training loop with three classic mistakes."""

import torch
import torch.nn as nn

torch.autograd.set_detect_anomaly(True)  # left on after debugging: slows every step


class VAE(nn.Module):
    def __init__(self, dim, latent):
        super().__init__()
        self.encoder = nn.Linear(dim, 2 * latent)
        self.decoder = nn.Linear(latent, dim)

    def forward(self, x):
        mu, logvar = self.encoder(x).chunk(2, dim=-1)
        z = mu + torch.randn_like(mu) * torch.exp(0.5 * logvar)
        kl = -0.5 * torch.sum(1 + logvar - mu ** 2 - logvar.exp())
        return self.decoder(z), kl


def sgd_step(model, lr):
    for p in model.parameters():
        p -= lr * p.grad  # in-place on a leaf that requires grad, outside torch.no_grad()


def train(model, data, lr=1e-3):
    for x in data:
        recon, kl = model(x)
        loss = ((recon - x) ** 2).mean() + kl
        loss.backward()
        sgd_step(model, lr)
