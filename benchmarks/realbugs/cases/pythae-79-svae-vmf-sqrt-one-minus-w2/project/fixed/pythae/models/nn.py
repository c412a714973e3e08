import torch
import torch.nn as nn


class Encoder_SVAE_MLP(nn.Module):
    def __init__(self, input_dim, latent_dim, concentration_bias=0.0):
        super().__init__()
        self.layers = nn.Sequential(nn.Linear(input_dim, 32), nn.ReLU())
        self.embedding = nn.Linear(32, latent_dim)
        self.log_concentration = nn.Linear(32, 1)
        self.concentration_bias = concentration_bias

    def forward(self, x):
        h = self.layers(x)

        return torch.cat([self.embedding(h), self.log_concentration(h) + self.concentration_bias], dim=-1)


class Decoder_MLP(nn.Module):
    def __init__(self, latent_dim, output_dim):
        super().__init__()
        self.layers = nn.Sequential(nn.Linear(latent_dim, 32), nn.ReLU(), nn.Linear(32, output_dim))

    def forward(self, z):
        return self.layers(z)
