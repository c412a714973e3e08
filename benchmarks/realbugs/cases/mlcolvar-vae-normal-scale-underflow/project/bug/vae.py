import torch
import torch.nn as nn
from torch.distributions import Normal


class VariationalAutoEncoderCV(nn.Module):
    def __init__(self, n_in, n_cvs, hidden=16):
        super().__init__()
        self.encoder = nn.Sequential(nn.Linear(n_in, hidden), nn.ELU())
        self.mean_nn = nn.Linear(hidden, n_cvs)
        self.log_var_nn = nn.Linear(hidden, n_cvs)
        self.decoder = nn.Sequential(nn.Linear(n_cvs, hidden), nn.ELU(), nn.Linear(hidden, n_in))

    def encode_mean_var(self, x):
        h = self.encoder(x)
        return self.mean_nn(h), self.log_var_nn(h)

    def sample_from_posterior(self, mean, log_variance):
        std = torch.exp(log_variance / 2)
        return Normal(mean, std).rsample()

    def forward(self, x):
        mean, log_variance = self.encode_mean_var(x)
        z = self.sample_from_posterior(mean, log_variance)
        return self.decoder(z), mean, log_variance
