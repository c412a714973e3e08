import numpy as np
import torch
import torch.nn as nn


class TrainableRandomDistribution(nn.Module):
    def __init__(self, mu, rho):
        super().__init__()
        self.mu = nn.Parameter(mu)
        self.rho = nn.Parameter(rho)
        self.register_buffer("eps_w", torch.Tensor(self.mu.shape))
        self.sigma = None
        self.w = None

    def sample(self):
        self.eps_w.data.normal_()
        self.sigma = torch.log1p(torch.exp(self.rho))
        self.w = self.mu + self.sigma * self.eps_w
        return self.w

    def log_posterior(self, w=None):
        w = self.w if w is None else w
        log_sqrt2pi = np.log(np.sqrt(2 * np.pi))
        log_posteriors = -log_sqrt2pi - torch.log(self.sigma) - (((w - self.mu) ** 2) / (2 * self.sigma ** 2)) - 0.5
        return log_posteriors.sum()


class PriorWeightDistribution(nn.Module):
    def __init__(self, pi=1, sigma1=0.1, sigma2=0.001):
        super().__init__()
        self.pi = pi
        self.dist1 = torch.distributions.Normal(0, sigma1)
        self.dist2 = torch.distributions.Normal(0, sigma2)

    def log_prior(self, w):
        prob_n1 = torch.exp(self.dist1.log_prob(w))
        prob_n2 = torch.exp(self.dist2.log_prob(w))
        prior_pdf = (self.pi * prob_n1 + (1 - self.pi) * prob_n2)
        return (torch.log(prior_pdf) - 0.5).sum()
