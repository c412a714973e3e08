import torch
import torch.nn as nn
import torch.nn.functional as F
from weight_sampler import TrainableRandomDistribution, PriorWeightDistribution


class BayesianLinear(nn.Module):
    def __init__(self, in_features, out_features, prior_sigma_1=0.1, prior_sigma_2=0.4, prior_pi=1,
                 posterior_mu_init=0, posterior_rho_init=-7.0):
        super().__init__()
        self.weight_mu = nn.Parameter(torch.Tensor(out_features, in_features).normal_(posterior_mu_init, 0.1))
        self.weight_rho = nn.Parameter(torch.Tensor(out_features, in_features).normal_(posterior_rho_init, 0.1))
        self.weight_sampler = TrainableRandomDistribution(self.weight_mu, self.weight_rho)
        self.bias_mu = nn.Parameter(torch.Tensor(out_features).normal_(posterior_mu_init, 0.1))
        self.bias_rho = nn.Parameter(torch.Tensor(out_features).normal_(posterior_rho_init, 0.1))
        self.bias_sampler = TrainableRandomDistribution(self.bias_mu, self.bias_rho)
        self.weight_prior_dist = PriorWeightDistribution(prior_pi, prior_sigma_1, prior_sigma_2)
        self.bias_prior_dist = PriorWeightDistribution(prior_pi, prior_sigma_1, prior_sigma_2)
        self.log_prior = 0
        self.log_variational_posterior = 0

    def forward(self, x):
        w = self.weight_sampler.sample()
        b = self.bias_sampler.sample()
        self.log_variational_posterior = self.weight_sampler.log_posterior() + self.bias_sampler.log_posterior()
        self.log_prior = self.weight_prior_dist.log_prior(w) + self.bias_prior_dist.log_prior(b)
        return F.linear(x, w, b)
