import torch

from sampler import langevin_chain

alpha = torch.tensor([2.5, 10.0, 2.0, 3.0], dtype=torch.float64)
# chain state restored from the previous run; the third topic had collapsed
x0 = torch.tensor([0.5, 2.0, -95.0])
x_final, scores = langevin_chain(x0, alpha)
print(scores)
