# Stack Overflow 56667596: replacing the inf of exp(x).log1p() with x via torch.where still gives a NaN gradient.
import torch
import torch.nn.functional as F

x = torch.tensor([0., 1., 100.], requires_grad=True)
y = F.softplus(x)  # log(1 + exp(x)), stable for large x
y.sum().backward()  # Automatic differentiation
print(x.grad)
grad = x.grad
