import torch

from inference import dirichlet_score


def langevin_chain(x0, alpha, step_size=1e-3, n_steps=3, seed=0):
    g = torch.Generator().manual_seed(seed)
    x = x0.clone()
    trace = []
    for _ in range(n_steps):
        score = dirichlet_score(x.clone(), alpha)
        noise = torch.randn(x.shape, generator=g, dtype=x.dtype)
        x = x + step_size * score + (2 * step_size) ** 0.5 * noise
        trace.append(score)
    return x, torch.stack(trace)
