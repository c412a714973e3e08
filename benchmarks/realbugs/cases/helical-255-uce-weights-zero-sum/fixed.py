# helicalAI/helical#255 fixed: a zero-valued input falls back to a uniform distribution (the PR's guard).
import numpy as np
import torch

torch.manual_seed(0)

cts = np.random.RandomState(0).poisson(1.0, size=(3, 50)).astype(np.float32)
cts[2] = 0.0  # an empty cell (all counts filtered out)

sampled = []
for idx in range(len(cts)):
    counts = cts[idx]
    counts = torch.tensor(counts).unsqueeze(0)
    weights = torch.log1p(counts)
    weights_sum = torch.sum(weights)
    if weights_sum == 0:
        weights = torch.ones_like(weights) / weights.numel()
    else:
        weights = weights / weights_sum
    sampled.append(weights)
weights_all = torch.cat(sampled)  # fed to np.random.choice(p=...): "probabilities contain NaN"
