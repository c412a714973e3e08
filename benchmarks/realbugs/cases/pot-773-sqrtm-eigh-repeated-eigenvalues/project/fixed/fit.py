import torch

from ot.gaussian import bures_distance

torch.set_default_dtype(torch.float64)

Cs = torch.eye(3, dtype=torch.float64, requires_grad=True)
Ct = torch.diag(torch.tensor([1.0, 2.0, 3.0], dtype=torch.float64))
loss = bures_distance(Cs, Ct)
loss.backward()
grad = Cs.grad
