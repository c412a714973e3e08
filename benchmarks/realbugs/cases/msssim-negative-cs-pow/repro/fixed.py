import torch

torch.manual_seed(0)
mcs = torch.tensor([0.42, -0.07, 0.31, 0.25, 0.6])
ssims = torch.tensor([0.5, 0.3, 0.2, 0.4, 0.55])
weights = torch.tensor([0.0448, 0.2856, 0.3001, 0.2363, 0.1333])

pow1 = mcs.clamp(min=1e-5) ** weights
pow2 = ssims ** weights
output = torch.prod(pow1[:-1] * pow2[-1])
