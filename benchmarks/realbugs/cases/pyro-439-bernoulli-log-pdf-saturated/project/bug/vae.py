import torch
import torch.nn as nn
from distributions import Bernoulli


class VAE(nn.Module):
    def __init__(self, x_dim=16, z_dim=4, hidden=32):
        super().__init__()
        self.enc = nn.Sequential(nn.Linear(x_dim, hidden), nn.Softplus())
        self.z_loc = nn.Linear(hidden, z_dim)
        self.z_scale = nn.Linear(hidden, z_dim)
        self.dec = nn.Sequential(nn.Linear(z_dim, hidden), nn.Softplus(), nn.Linear(hidden, x_dim))

    def elbo(self, x):
        h = self.enc(x)
        loc, scale = self.z_loc(h), torch.exp(self.z_scale(h))
        z = loc + scale * torch.randn_like(loc)
        ps = torch.sigmoid(self.dec(z))
        log_lik = Bernoulli(ps=ps).batch_log_pdf(x)
        kl = 0.5 * (loc ** 2 + scale ** 2 - 2 * torch.log(scale) - 1).sum(-1)
        return (log_lik - kl).mean()
