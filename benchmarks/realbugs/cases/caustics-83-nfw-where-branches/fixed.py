# Ciela-Institute/caustics#83: the NFW lens profile uses torch.where over two branches; the off branch's sqrt(<0) makes NaN grads.
import torch


def _f_differentiable(x):
    f = torch.zeros_like(x)
    f[x > 1] = 1 - 2 / (x[x > 1] ** 2 - 1).sqrt() * ((x[x > 1] - 1) / (x[x > 1] + 1)).sqrt().arctan()
    f[x < 1] = 1 - 2 / (1 - x[x < 1] ** 2).sqrt() * ((1 - x[x < 1]) / (1 + x[x < 1])).sqrt().arctanh()
    return f


r_s = torch.tensor(0.5, requires_grad=True)  # scale radius, fitted
r = torch.linspace(0.1, 2.0, 8)  # radii that straddle x = 1
x = r / r_s
F = _f_differentiable(x)
loss = F.sum()
loss.backward()
grad = r_s.grad
