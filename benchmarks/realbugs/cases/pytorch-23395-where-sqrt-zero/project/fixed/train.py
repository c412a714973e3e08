import torch

from model import PiecewiseFeature

feature = PiecewiseFeature()
x = torch.tensor([16., 0.], requires_grad=True)
w = feature(x)
dwdx = torch.autograd.grad(w.sum(), x, retain_graph=True)[0]
print(dwdx)
