import torch


def inv_softplus(x):
    return torch.log(torch.exp(x) - 1)


def inv_sigmoid(x):
    return torch.log(x) - torch.log(1 - x)
