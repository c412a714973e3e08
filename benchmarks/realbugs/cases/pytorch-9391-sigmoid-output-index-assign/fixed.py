# pytorch/pytorch#9391: b = a.sigmoid(); b[1] = 2 overwrites the output sigmoid saved for backward.
import torch

a = torch.tensor([1, 2, 3.], requires_grad=True)
b = a.sigmoid().clone()
b[1] = 2
b.sum().backward()
grad = a.grad
