import torch.nn as nn
import torch.nn.functional as F


class DiscreteVAE(nn.Module):
    def __init__(self, in_dim=8, n_latents=2, n_categories=6):
        super().__init__()
        self.n_latents = n_latents
        self.n_categories = n_categories
        self.encoder = nn.Sequential(nn.Linear(in_dim, 32), nn.ReLU(), nn.Linear(32, n_latents * n_categories))
        self.decoder = nn.Sequential(nn.Linear(n_latents * n_categories, 32), nn.ReLU(), nn.Linear(32, in_dim))
        self.tau = 1.0

    def forward(self, x):
        logits = self.encoder(x).view(-1, self.n_latents, self.n_categories)
        z = F.gumbel_softmax(logits, tau=self.tau, hard=True, dim=-1)
        recon = self.decoder(z.view(x.size(0), -1))
        return recon, logits
