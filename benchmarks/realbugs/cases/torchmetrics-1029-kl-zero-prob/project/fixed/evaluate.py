import torch

from kl_divergence import KLDivergence

torch.manual_seed(0)

metric = KLDivergence()
p = torch.tensor([[1.0, 0, 0], [1, 0, 0], [0, 0, 1]])
q = torch.randn(3, 3).softmax(dim=-1)
metric.update(p, q)
kl = metric.compute()
