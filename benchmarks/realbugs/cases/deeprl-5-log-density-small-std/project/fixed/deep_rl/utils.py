import numpy as np
import torch


def log_density(x, mean, log_std, std):
    var = std.pow(2) + 1e-10
    log_density = -(x - mean).pow(2) / (2 * var) - 0.5 * torch.log(2 * np.pi * var) - log_std
    return log_density.sum(1)
