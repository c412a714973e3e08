# synthcity #331 fixed: clamp the encoder's logvar to [-30, 20] (as diffusers' VAE does), per the issue.
import torch
from torch import nn

torch.manual_seed(0)


class Encoder(nn.Module):
    def __init__(self, n_units_in, n_units_embedding, n_units_hidden=32):
        super().__init__()
        self.model = nn.Sequential(nn.Linear(n_units_in, n_units_hidden), nn.LeakyReLU())
        self.mu_fc = nn.Linear(n_units_hidden, n_units_embedding)
        self.logvar_fc = nn.Linear(n_units_hidden, n_units_embedding)

    def forward(self, X):
        shared = self.model(X)
        mu = self.mu_fc(shared)
        logvar = self.logvar_fc(shared)
        logvar = torch.clamp(logvar, -30, 20)
        return mu, logvar


class VAE(nn.Module):
    def __init__(self, n_features, n_units_embedding):
        super().__init__()
        self.encoder = Encoder(n_features, n_units_embedding)
        self.decoder = nn.Sequential(nn.Linear(n_units_embedding, 32), nn.LeakyReLU(), nn.Linear(32, n_features))

    def _reparameterize(self, mu, logvar):
        std = torch.exp(0.5 * logvar)
        eps = torch.randn_like(std)
        return eps * std + mu

    def _loss_function_standard(self, reconstructed, real, mu, logvar):
        reconstruction_loss = nn.functional.mse_loss(reconstructed, real)
        KLD_loss = torch.mean(-0.5 * torch.sum(1 + logvar - mu**2 - logvar.exp()))
        return reconstruction_loss * 2 + KLD_loss


# a tabular dataset with unscaled columns (e.g. incomes): the encoder's logvar output is in the hundreds
X = torch.randn(64, 5) * 2000
model = VAE(5, 4)
optimizer = torch.optim.Adam(model.parameters(), lr=2e-4)
for epoch in range(2):
    optimizer.zero_grad()
    mu, logvar = model.encoder(X)
    embedding = model._reparameterize(mu, logvar)
    reconstructed = model.decoder(embedding)
    loss = model._loss_function_standard(reconstructed, X, mu, logvar)
    loss.backward()
    torch.nn.utils.clip_grad_norm_(model.parameters(), 1)
    optimizer.step()
