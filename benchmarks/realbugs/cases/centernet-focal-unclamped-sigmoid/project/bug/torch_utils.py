import torch


def _sigmoid(x):
    return torch.sigmoid(x)


def to_cpu(tensor):
    return tensor.detach().cpu()
