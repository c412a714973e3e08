import torch


def linear_branch(x):
    return x / 2


def sqrt_branch(x):
    return torch.where(x == 0., torch.ones_like(x), x).sqrt() + 1
