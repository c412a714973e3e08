# helicalAI/helical#255: UCE dataset weights = log1p(counts) / sum(...), NaN for a cell whose counts are all zero.
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
    weights = weights / torch.sum(weights)
    sampled.append(weights)
weights_all = torch.cat(sampled)  # fed to np.random.choice(p=...): "probabilities contain NaN"
