import torch


def make_series(n_series, length, seed=0):
    g = torch.Generator().manual_seed(seed)
    base = torch.rand(n_series, length, generator=g) * 10
    base[:, ::4] = 0.0
    return base


def windows(series, horizon):
    future = series[:, -horizon:]
    open_days = (future > 0).float()
    return series[:, :-horizon], future, open_days
