# pytorch/pytorch#68425: torch.where(a <= 0, exp(a), 1 + a) gives a NaN gradient at a = 100.
import torch

a = torch.tensor(100., requires_grad=True)
b = torch.where(a <= 0, torch.exp(torch.clamp(a, max=0)), 1 + a)
b.backward()

print(b)
print(a.grad)
grad = a.grad
