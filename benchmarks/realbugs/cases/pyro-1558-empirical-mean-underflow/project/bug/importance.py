import torch
from torch.distributions import Normal

from empirical import Empirical


def importance_sample(data, num_samples=200, prior_scale=5.0):
    """Self-normalized importance sampling of the mean of a Normal(mu, 1) model, proposal = prior."""
    prior = Normal(0.0, prior_scale)
    mu = prior.sample((num_samples,))
    # log weight = log-likelihood of the whole data set under each proposed mu
    log_weights = Normal(mu[:, None], 1.0).log_prob(data[None, :]).sum(-1)
    return Empirical(mu, log_weights)
