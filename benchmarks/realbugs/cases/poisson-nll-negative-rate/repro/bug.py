# https://github.com/pytorch/pytorch/issues/184030 - PoissonNLLLoss(log_input=False) computes input - target * log(input + eps); a linear head that outputs a negative rate gives log of a negative number, NaN.
import torch
import torch.nn as nn

torch.manual_seed(0)
head = nn.Linear(4, 1)
features = torch.randn(8, 4)
counts = torch.poisson(torch.full((8, 1), 3.0))

rate = head(features)
loss = nn.PoissonNLLLoss(log_input=False)(rate, counts)
loss.backward()
grad = head.weight.grad
print(rate.squeeze(), loss.item())
