import torch


def squared_distance(out1, out2):
    return torch.sum((out1 - out2) ** 2, dim=1)
