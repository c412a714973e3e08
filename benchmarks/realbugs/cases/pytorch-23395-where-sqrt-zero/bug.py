# pytorch/pytorch#23395: w = torch.where(x == 0, y, z) with z = sqrt(x) + 1 gives an inf gradient at x = 0.
import torch

x = torch.tensor([16., 0.], requires_grad=True)
y = x / 2
z = x.sqrt() + 1

# Define w = [w0, w1] == [y0, z1]
w = torch.where(x == 0., y, z)
dwdx = torch.autograd.grad(w.sum(), x, retain_graph=True)[0]
print(dwdx)
