import torch
from torch import nn


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
        return mu, logvar
