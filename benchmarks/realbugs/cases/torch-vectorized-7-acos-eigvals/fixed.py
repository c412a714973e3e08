# banctilrobitaille/torch-vectorized#7 fixed: clamp r into [-1 + eps, 1 - eps] before acos (the maintainer's plan).
from math import pi

import torch

torch.manual_seed(0)


def _compute_eigen_values(input):
    b, c, d, h, w = input.size()
    a11, a12, a13 = input[:, 0].double(), input[:, 1].double(), input[:, 2].double()
    a22, a23, a33 = input[:, 4].double(), input[:, 5].double(), input[:, 8].double()
    eig_vals = torch.zeros(b, 3, d, h, w).double()
    nd = torch.pow(a12, 2) + torch.pow(a13, 2) + torch.pow(a23, 2)
    q = (a11 + a22 + a33) / 3.0
    p = torch.pow((a11 - q), 2) + torch.pow((a22 - q), 2) + torch.pow((a33 - q), 2) + 2.0 * nd
    p = torch.sqrt(p / 6.0)
    r = torch.pow((1.0 / p), 3) * ((a11 - q) * ((a22 - q) * (a33 - q) - a23 * a23) - a12 * (
        a12 * (a33 - q) - a13 * a23) + a13 * (a12 * a23 - a13 * (a22 - q))) / 2.0
    phi = torch.acos(torch.clamp(r, -1 + 1e-7, 1 - 1e-7)) / 3.0
    phi[r <= -1] = pi / 3
    phi[r >= 1] = 0
    eig_vals[:, 0] = q + 2 * p * torch.cos(phi)
    eig_vals[:, 2] = q + 2 * p * torch.cos(phi + pi * (2.0 / 3.0))
    eig_vals[:, 1] = 3 * q - eig_vals[:, 0] - eig_vals[:, 2]
    return eig_vals


# a field of symmetric 3x3 tensors (b, 9, d, h, w); one voxel has two equal eigenvalues (r == +-1)
A = torch.randn(1, 3, 3, 2, 2, 2)
spd = torch.einsum("bijdhw,bkjdhw->bikdhw", A, A) + 1e-3 * torch.eye(3).view(1, 3, 3, 1, 1, 1)
spd[0, :, :, 0, 0, 0] = torch.diag(torch.tensor([5.0, 2.0, 2.0]))
input = spd.reshape(1, 9, 2, 2, 2).requires_grad_()
eig_vals = _compute_eigen_values(input)
loss = eig_vals.log().sum()
loss.backward()
grad = input.grad
