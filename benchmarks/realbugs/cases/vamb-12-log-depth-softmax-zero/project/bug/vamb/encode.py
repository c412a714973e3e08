import math

import torch
import torch.nn as nn


class VAE(nn.Module):
    def __init__(self, nsamples, ntnf=10, nlatent=4, alpha=0.15):
        super().__init__()
        self.nsamples = nsamples
        self.ntnf = ntnf
        self.alpha = alpha
        self.encoder = nn.Linear(nsamples + ntnf, 2 * nlatent)
        self.decoder = nn.Linear(nlatent, nsamples + ntnf)
        self.softmax = nn.Softmax(dim=1)

    def _decode(self, latent):
        reconstruction = self.decoder(latent)
        depths_out = self.softmax(reconstruction[:, :self.nsamples])
        tnf_out = reconstruction[:, self.nsamples:]
        return depths_out, tnf_out

    def forward(self, depths, tnf):
        h = self.encoder(torch.cat((depths, tnf), dim=1))
        mu, logsigma = h.chunk(2, dim=1)
        latent = mu + torch.randn_like(mu) * torch.exp(logsigma)
        depths_out, tnf_out = self._decode(latent)
        return depths_out, tnf_out, mu, logsigma

    def calc_loss(self, depths_in, depths_out, tnf_in, tnf_out, mu, logsigma):
        ce = -(depths_out.log() * depths_in).sum(dim=1).mean()
        ce_weight = (1 - self.alpha) / math.log(self.nsamples)
        sse = (tnf_out - tnf_in).pow(2).sum(dim=1).mean()
        kld = -0.5 * (1 + logsigma - mu.pow(2) - logsigma.exp()).sum(dim=1).mean()
        return ce * ce_weight + sse * self.alpha / self.ntnf + kld

    def trainepoch(self, batches, optimizer):
        self.train()
        for depths_in, tnf_in in batches:
            optimizer.zero_grad()
            depths_out, tnf_out, mu, logsigma = self(depths_in, tnf_in)
            loss = self.calc_loss(depths_in, depths_out, tnf_in, tnf_out, mu, logsigma)
            loss.backward()
            optimizer.step()
        return loss
