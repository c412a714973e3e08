# Stack Overflow 56667596: replacing the inf of exp(x).log1p() with x via torch.where still gives a NaN gradient.
import torch

x = torch.tensor([0., 1., 100.], requires_grad=True)
exp = x.exp()
y = x.where(torch.isinf(exp), exp.log1p())  # Replace infs with x
y.sum().backward()  # Automatic differentiation
print(x.grad)
grad = x.grad
