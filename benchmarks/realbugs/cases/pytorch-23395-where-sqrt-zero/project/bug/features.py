import torch


def linear_branch(x):
    return x / 2


def sqrt_branch(x):
    return x.sqrt() + 1
