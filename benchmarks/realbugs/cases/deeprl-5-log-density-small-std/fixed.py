import numpy as np
import torch

torch.manual_seed(0)


def log_density(x, mean, log_std, std):
    var = std.pow(2) + 1e-10
    log_density = -(x - mean).pow(2) / (2 * var) - 0.5 * torch.log(2 * np.pi * var) - log_std
    return log_density.sum(1)


mean = torch.randn(4, 2, requires_grad=True)
log_std = torch.full((4, 2), -60.0, requires_grad=True)
std = log_std.exp()
action = mean.detach() + torch.randn(4, 2) * 1e-3
log_prob = log_density(action, mean, log_std, std)
print(log_prob)
