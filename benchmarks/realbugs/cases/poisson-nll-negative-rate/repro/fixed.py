# https://github.com/pytorch/pytorch/issues/184030 - fix recommended in the thread: pass the raw output through softplus so the Poisson rate is non-negative.
import torch
import torch.nn as nn

torch.manual_seed(0)
head = nn.Linear(4, 1)
features = torch.randn(8, 4)
counts = torch.poisson(torch.full((8, 1), 3.0))

rate = nn.functional.softplus(head(features))
loss = nn.PoissonNLLLoss(log_input=False)(rate, counts)
loss.backward()
grad = head.weight.grad
print(rate.squeeze(), loss.item())
