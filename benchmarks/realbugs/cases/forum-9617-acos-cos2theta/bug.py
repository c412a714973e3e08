# discuss.pytorch.org 9617: y = ||x|| * cos(2 * acos(cos_theta)) gives NaN gradients after several iterations.
import torch

torch.manual_seed(0)

w = torch.randn(8, 4, requires_grad=True)
x = torch.randn(3, 8)
x[0] = w[:, 1].detach() * 2.0  # an input pointing exactly along one weight column


def forward(x, w):
    xlen = x.pow(2).sum(1).pow(0.5).view(-1, 1)  # ||x||
    wlen = w.pow(2).sum(0).pow(0.5).view(1, -1)  # ||w||
    cos_theta = (x.mm(w) / xlen / wlen).clamp(-1, 1)
    theta = cos_theta.acos()
    cos_2_theta = torch.cos(2 * theta)
    y = cos_2_theta * xlen.view(-1, 1)
    return y


y = forward(x, w)
y.sum().backward()
grad = w.grad
