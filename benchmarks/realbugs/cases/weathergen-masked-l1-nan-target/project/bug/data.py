import torch


def sample_batch(generator):
    tokens = torch.randn(3, 10, 6, generator=generator)
    obs = torch.randn(3, 10, 4, generator=generator)
    available = torch.rand(3, 10, 4, generator=generator) > 0.3
    obs = obs.masked_fill(~available, float("nan"))
    return tokens, obs, available
