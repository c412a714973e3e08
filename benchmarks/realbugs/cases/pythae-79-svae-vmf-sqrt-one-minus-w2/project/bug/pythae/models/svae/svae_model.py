import numpy as np
import torch
import torch.distributions as dist
import torch.nn as nn
import torch.nn.functional as F


class SVAE(nn.Module):
    """Hyperspherical VAE: a von Mises-Fisher posterior on the unit sphere S^(m-1)."""

    def __init__(self, encoder, decoder, latent_dim):
        super().__init__()
        self.encoder = encoder
        self.decoder = decoder
        self.latent_dim = latent_dim

    def forward(self, x):
        out = self.encoder(x)
        loc, log_concentration = out[:, :self.latent_dim], out[:, self.latent_dim:]
        # normalize mean
        loc = loc / loc.norm(dim=-1, keepdim=True)
        concentration = F.softplus(log_concentration) + 1
        z = self._sample_von_mises(loc, concentration)
        recon_x = self.decoder(z)
        recon_loss = F.mse_loss(recon_x, x, reduction='none').sum(dim=-1)
        return recon_loss.mean(dim=0), z

    def _sample_von_mises(self, loc, concentration):
        # Generate uniformly on sphere
        v = torch.randn_like(loc[:, 1:])
        v = v / v.norm(dim=-1, keepdim=True)
        w = self._acc_rej_steps(m=loc.shape[-1], k=concentration)
        z = torch.cat((w, (1 - w ** 2).sqrt() * v), dim=-1)
        return self._householder_rotation(loc, z)

    def _householder_rotation(self, loc, z):
        e1 = torch.zeros(z.shape[-1]).to(z.device)
        e1[0] = 1
        u = e1 - loc
        u = u / (u.norm(dim=-1, keepdim=True) + 1e-8)
        return z - 2 * u * (u * z).sum(dim=-1, keepdim=True)

    def _acc_rej_steps(self, m, k):
        batch_size = k.shape[0]
        c = torch.sqrt(4 * k ** 2 + (m - 1) ** 2)
        b = (-2 * k + c) / (m - 1)
        a = (m - 1 + 2 * k + c) / 4
        d = (4 * a * b) / (1 + b) - (m - 1) * np.log(m - 1)
        w = torch.zeros_like(k)
        stopping_mask = torch.ones_like(b).type(torch.bool)
        i = 0
        while stopping_mask.sum() > 0 and i < 100:
            i += 1
            eps = dist.Beta(torch.tensor(0.5 * (m - 1)).type(torch.float),
                            torch.tensor(0.5 * (m - 1)).type(torch.float)).sample((batch_size, 1))
            w_ = (1 - (1 + b) * eps) / (1 - (1 - b) * eps)
            t = 2 * a * b / (1 - (1 - b) * eps)
            u = dist.Uniform(0, 1).sample((batch_size, 1))
            acc = (m - 1) * t.log() - t + d > u.log()
            w[acc * stopping_mask] = w_[acc * stopping_mask]
            stopping_mask[acc * stopping_mask] = ~acc[acc * stopping_mask]
        return w
