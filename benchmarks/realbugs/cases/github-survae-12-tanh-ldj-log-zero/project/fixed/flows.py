import math

import torch
import torch.nn as nn


class UniformBase(nn.Module):
    """Uniform distribution on the box (-1, 1)^dim."""

    def __init__(self, dim):
        super().__init__()
        self.dim = dim

    def log_prob(self, z):
        return torch.full((z.shape[0],), -self.dim * math.log(2.0))


class Flow(nn.Module):
    def __init__(self, base_dist, transforms):
        super().__init__()
        self.base_dist = base_dist
        self.transforms = nn.ModuleList(transforms)

    def log_prob(self, x):
        log_prob = torch.zeros(x.shape[0])
        for transform in self.transforms:
            x, ldj = transform(x)
            log_prob = log_prob + ldj
        log_prob = log_prob + self.base_dist.log_prob(x)
        return log_prob
