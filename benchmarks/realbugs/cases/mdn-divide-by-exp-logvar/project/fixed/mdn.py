import math

import torch
import torch.nn as nn
import torch.nn.functional as F

COEFS = 3


class MDN(nn.Module):
    def __init__(self, input_dim, coefs=COEFS):
        super().__init__()
        self.in_features = input_dim
        self.pi = nn.Linear(input_dim, coefs, bias=False)
        self.mu = nn.Linear(input_dim, input_dim * coefs, bias=False)
        self.sigma_sq = nn.Linear(input_dim, input_dim * coefs, bias=False)

    def forward(self, x):
        x = torch.clamp(x, 1e-12)
        pi = F.softmax(self.pi(x), dim=-1)
        sigma_sq = F.softplus(self.sigma_sq(x)).view(x.size(0), x.size(1), self.in_features, -1)
        mu = self.mu(x).view(x.size(0), x.size(1), self.in_features, -1)
        return pi, mu, sigma_sq


def log_gaussian(x, mean, logvar):
    x = x.unsqueeze(-1).expand_as(logvar)
    a = (x - mean) ** 2
    log_p = (logvar + a * torch.exp(-logvar)).sum(2)
    log_p = -0.5 * (math.log(2 * math.pi) + log_p)
    return log_p


def log_gmm(x, means, logvars, weights):
    res = -log_gaussian(x, means, logvars)
    res = weights * res
    return torch.sum(res, 2)


def mdn_loss_function(x, means, logvars, weights):
    return torch.mean(torch.sum(log_gmm(x, means, logvars, weights), 1))
