# pytorch/pytorch#156212: torch.where(x <= x_th, exp(x), b) as an overflow guard still gives NaN grads.
import torch

# some arbitrary max value for sth similar to torch.clamp(x, max=x_th)
x_th = torch.tensor(10)

x = torch.tensor([1.0, 1e10], requires_grad=True)

# some arbitrary secondary path, for showcase
b = torch.tensor(1)

# this never selects the overflow and protects against overflows
x_out = torch.where(x <= x_th, torch.exp(x), b)

l = x_out.sum()
l.backward()

print(x.grad)
grad = x.grad
