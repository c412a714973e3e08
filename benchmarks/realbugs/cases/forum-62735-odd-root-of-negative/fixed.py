# discuss.pytorch.org 62735 fixed: the real root of a negative number, sign(x) * |x| ** (1/p).
import torch

torch.manual_seed(0)

p = 3
my_tensor = torch.randn(4, 6, requires_grad=True)  # values of both signs
cubed = my_tensor.pow(p)
result = torch.sign(cubed) * cubed.abs().pow(1 / p)
result.sum().backward()
grad = my_tensor.grad
