import torch


def load_features(n, seed=0):
    g = torch.Generator().manual_seed(seed)
    x = torch.randn(n, 5, generator=g)
    x[:, 4] = 3.0
    return x


def column_std(x):
    return x.std(dim=0, unbiased=False)
