import torch
import torch.nn as nn


class PredictionModel(nn.Module):
    def __init__(self, in_dim, out_channels):
        super(PredictionModel, self).__init__()
        self.c = out_channels
        self.transform = nn.Sequential(nn.Linear(in_dim, 32), nn.LeakyReLU(0.2))
        self.fc = nn.Linear(32, 2 * out_channels)

    def forward(self, h):
        h = self.fc(self.transform(h))
        hyper_mu = h[:, :self.c]
        hyper_sigma = torch.exp(h[:, self.c:])
        return hyper_mu, hyper_sigma
