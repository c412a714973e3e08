import torch

torch.manual_seed(0)
x = torch.randn(6, requires_grad=True)
y = torch.where(x > 0, torch.sqrt(x), x)
loss = y.sum()
loss.backward()
