# vamb #12 fixed: add 1e-9 to depths_out before the log (vamb's fix).
import math

import torch
import torch.nn as nn

torch.manual_seed(0)


class VAE(nn.Module):
    def __init__(self, nsamples, ntnf=10, nlatent=4, alpha=0.15):
        super().__init__()
        self.nsamples, self.ntnf, self.alpha = nsamples, ntnf, alpha
        self.encoder = nn.Linear(nsamples + ntnf, 2 * nlatent)
        self.decoder = nn.Linear(nlatent, nsamples + ntnf)

    def forward(self, depths, tnf):
        h = self.encoder(torch.cat((depths, tnf), dim=1))
        mu, logsigma = h.chunk(2, dim=1)
        latent = mu + torch.randn_like(mu) * torch.exp(logsigma)
        out = self.decoder(latent)
        depths_out = torch.softmax(out[:, : self.nsamples], dim=1)
        tnf_out = out[:, self.nsamples :]
        return depths_out, tnf_out, mu, logsigma

    def calc_loss(self, depths_in, depths_out, tnf_in, tnf_out, mu, logsigma):
        ce = -((depths_out + 1e-9).log() * depths_in).sum(dim=1).mean()
        ce_weight = (1 - self.alpha) / math.log(self.nsamples)
        sse = (tnf_out - tnf_in).pow(2).sum(dim=1).mean()
        kld = -0.5 * (1 + logsigma - mu.pow(2) - logsigma.exp()).sum(dim=1).mean()
        return ce * ce_weight + sse * self.alpha / self.ntnf + kld


nsamples = 6
vae = VAE(nsamples)
with torch.no_grad():
    vae.decoder.bias[:nsamples] = torch.tensor([120.0, 0, 0, 0, 0, 0])  # learned: contigs live in sample 0
depths_in = torch.zeros(16, nsamples)
depths_in[:, 0] = 1.0  # contigs with zero depth in every other sample
tnf_in = torch.randn(16, 10)
depths_out, tnf_out, mu, logsigma = vae(depths_in, tnf_in)
loss = vae.calc_loss(depths_in, depths_out, tnf_in, tnf_out, mu, logsigma)
loss.backward()
