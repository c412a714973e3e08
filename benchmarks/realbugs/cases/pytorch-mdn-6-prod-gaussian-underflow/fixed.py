# pytorch-mdn #6 fixed (thread's rewrite): sum Normal.log_prob over dimensions, then logsumexp with log(pi).
import math

import torch
import torch.nn as nn

torch.manual_seed(0)
ONEOVERSQRT2PI = 1.0 / math.sqrt(2 * math.pi)


class MDN(nn.Module):
    def __init__(self, in_features, out_features, num_gaussians):
        super().__init__()
        self.out_features, self.num_gaussians = out_features, num_gaussians
        self.pi = nn.Sequential(nn.Linear(in_features, num_gaussians), nn.Softmax(dim=1))
        self.sigma = nn.Linear(in_features, out_features * num_gaussians)
        self.mu = nn.Linear(in_features, out_features * num_gaussians)

    def forward(self, minibatch):
        pi = self.pi(minibatch)
        sigma = torch.exp(self.sigma(minibatch)).view(-1, self.num_gaussians, self.out_features)
        mu = self.mu(minibatch).view(-1, self.num_gaussians, self.out_features)
        return pi, sigma, mu


def gaussian_probability(sigma, mu, target):
    target = target.unsqueeze(1).expand_as(sigma)
    ret = ONEOVERSQRT2PI * torch.exp(-0.5 * ((target - mu) / sigma) ** 2) / sigma
    return torch.prod(ret, 2)


def mdn_loss(pi, sigma, mu, target):
    model_dist = torch.distributions.Normal(mu, sigma)
    target = target.unsqueeze(1).expand_as(sigma)
    log_prob = model_dist.log_prob(target).sum(2)
    weighted_log_prob = torch.log(pi) + log_prob
    return -torch.logsumexp(weighted_log_prob, dim=1).mean()


model = MDN(in_features=5, out_features=31, num_gaussians=3)  # a 31-dimensional output, as in the thread
minibatch = torch.randn(16, 5)
target = torch.randn(16, 31) * 4
pi, sigma, mu = model(minibatch)
loss = mdn_loss(pi, sigma, mu, target)
loss.backward()
