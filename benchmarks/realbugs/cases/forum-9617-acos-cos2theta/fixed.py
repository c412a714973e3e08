# discuss.pytorch.org 9617 fixed: cos(2*theta) = 2*cos_theta**2 - 1, no acos (the thread's stable version).
import torch

torch.manual_seed(0)

w = torch.randn(8, 4, requires_grad=True)
x = torch.randn(3, 8)
x[0] = w[:, 1].detach() * 2.0  # an input pointing exactly along one weight column


def forward(x, w):
    xlen = x.pow(2).sum(1).pow(0.5).view(-1, 1)  # ||x||
    wlen = w.pow(2).sum(0).pow(0.5).view(1, -1)  # ||w||
    cos_theta = (x.mm(w) / xlen / wlen).clamp(-1, 1)
    cos_2_theta = 2 * cos_theta ** 2 - 1  # cos(2x) = 2cos(x)^2-1
    y = cos_2_theta * xlen.view(-1, 1)
    return y


y = forward(x, w)
y.sum().backward()
grad = w.grad
