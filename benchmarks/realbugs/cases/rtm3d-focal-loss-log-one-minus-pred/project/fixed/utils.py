import torch


def _sigmoid(x):
    y = torch.clamp(torch.sigmoid(x), min=1e-4, max=1 - 1e-4)
    return y
