import torch


def _sigmoid(x):
    return torch.clamp(x.sigmoid(), min=1e-4, max=1 - 1e-4)


def to_cpu(tensor):
    return tensor.detach().cpu()
