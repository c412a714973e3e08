import torch


def _sigmoid(x):
    return torch.sigmoid(x)
