import torch


def elbo_gaussians_loss(target, output, mean, log_variance, beta=1.0):
    kl = -0.5 * (log_variance - log_variance.exp() - mean ** 2 + 1).sum(dim=1)
    reconstruction = (output - target).pow(2).sum(dim=1)
    return (reconstruction + beta * kl).mean()
