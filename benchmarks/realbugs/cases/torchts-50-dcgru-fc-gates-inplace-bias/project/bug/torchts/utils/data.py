import torch


def concat(a, b):
    return torch.cat([a, b.unsqueeze(0)], dim=0)
