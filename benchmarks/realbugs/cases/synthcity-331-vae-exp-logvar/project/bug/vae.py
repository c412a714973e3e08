import torch
from torch import nn

from encoder import Encoder


class VAE(nn.Module):
    def __init__(self, n_features, n_units_embedding, n_iter=2, lr=2e-4, clipping_value=1):
        super().__init__()
        self.encoder = Encoder(n_features, n_units_embedding)
        self.decoder = nn.Sequential(nn.Linear(n_units_embedding, 32), nn.LeakyReLU(), nn.Linear(32, n_features))
        self.n_iter = n_iter
        self.lr = lr
        self.clipping_value = clipping_value

    def _reparameterize(self, mu, logvar):
        std = torch.exp(0.5 * logvar)
        eps = torch.randn_like(std)
        return eps * std + mu

    def _loss_function_standard(self, reconstructed, real, mu, logvar):
        reconstruction_loss = nn.functional.mse_loss(reconstructed, real)
        KLD_loss = torch.mean(-0.5 * torch.sum(1 + logvar - mu**2 - logvar.exp()))
        return reconstruction_loss * 2 + KLD_loss

    def fit(self, X):
        optimizer = torch.optim.Adam(self.parameters(), lr=self.lr)
        for epoch in range(self.n_iter):
            optimizer.zero_grad()
            mu, logvar = self.encoder(X)
            embedding = self._reparameterize(mu, logvar)
            reconstructed = self.decoder(embedding)
            loss = self._loss_function_standard(reconstructed, X, mu, logvar)
            loss.backward()
            if self.clipping_value > 0:
                torch.nn.utils.clip_grad_norm_(self.parameters(), self.clipping_value)
            optimizer.step()
        return loss
