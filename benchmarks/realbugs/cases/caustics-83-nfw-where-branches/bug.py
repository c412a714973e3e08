# Ciela-Institute/caustics#83: the NFW lens profile uses torch.where over two branches; the off branch's sqrt(<0) makes NaN grads.
import torch


def _f_batchable(x):
    return torch.where(
        x > 1,
        1 - 2 / (x**2 - 1).sqrt() * ((x - 1) / (x + 1)).sqrt().arctan(),
        torch.where(
            x < 1,
            1 - 2 / (1 - x**2).sqrt() * ((1 - x) / (1 + x)).sqrt().arctanh(),
            torch.zeros_like(x),
        ),
    )


r_s = torch.tensor(0.5, requires_grad=True)  # scale radius, fitted
r = torch.linspace(0.1, 2.0, 8)  # radii that straddle x = 1
x = r / r_s
F = _f_batchable(x)
loss = F.sum()
loss.backward()
grad = r_s.grad
