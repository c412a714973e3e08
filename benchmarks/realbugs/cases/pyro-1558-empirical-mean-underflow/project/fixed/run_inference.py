import torch

from importance import importance_sample

torch.manual_seed(0)

# a few hundred observations: the data log-likelihood of every proposal is in the hundreds (negative)
data = 3.0 + torch.randn(400)
posterior = importance_sample(data)
posterior_mean = posterior.mean
posterior_var = posterior.variance
