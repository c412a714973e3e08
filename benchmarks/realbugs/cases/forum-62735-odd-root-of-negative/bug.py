# discuss.pytorch.org 62735: my_tensor.pow(p).pow(1/p) gives NaN for odd p (fractional power of a negative number).
import torch

torch.manual_seed(0)

p = 3
my_tensor = torch.randn(4, 6, requires_grad=True)  # values of both signs
result = my_tensor.pow(p).pow(1 / p)
result.sum().backward()
grad = my_tensor.grad
