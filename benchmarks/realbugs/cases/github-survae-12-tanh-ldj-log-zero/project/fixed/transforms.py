import math

import torch
import torch.nn as nn
import torch.nn.functional as F


def sum_except_batch(x, num_dims=1):
    return x.reshape(*x.shape[:num_dims], -1).sum(-1)


class Bijection(nn.Module):
    def forward(self, x):
        raise NotImplementedError


class ElementwiseAffine(Bijection):
    def __init__(self, dim):
        super().__init__()
        self.log_scale = nn.Parameter(torch.zeros(dim))
        self.shift = nn.Parameter(torch.zeros(dim))

    def forward(self, x):
        z = x * self.log_scale.exp() + self.shift
        ldj = self.log_scale.sum().expand(x.shape[0])
        return z, ldj


class Tanh(Bijection):
    def forward(self, x):
        z = torch.tanh(x)
        ldj = 2.0 * (math.log(2.0) - x - F.softplus(-2.0 * x))
        ldj = sum_except_batch(ldj)
        return z, ldj
