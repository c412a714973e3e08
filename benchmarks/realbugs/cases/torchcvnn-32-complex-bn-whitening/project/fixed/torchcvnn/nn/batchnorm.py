import torch
import torch.nn as nn


def inv_sqrt_2x2(a, b, c):
    s = torch.sqrt(a * c - b * b)
    t = torch.sqrt(a + c + 2 * s)
    k = 1.0 / (s * t)
    return (c + s) * k, -b * k, (a + s) * k


class BatchNorm1d(nn.Module):
    def __init__(self, num_features, eps=1e-5):
        super().__init__()
        self.eps = eps
        self.weight = nn.Parameter(torch.ones(num_features, 2))
        self.bias = nn.Parameter(torch.zeros(num_features, 2))

    def forward(self, z):
        zc = z - z.mean(0)
        a = (zc.real ** 2).mean(0) + self.eps
        b = (zc.real * zc.imag).mean(0)
        c = (zc.imag ** 2).mean(0) + self.eps
        w_rr, w_ri, w_ii = inv_sqrt_2x2(a, b, c)
        re = w_rr * zc.real + w_ri * zc.imag
        im = w_ri * zc.real + w_ii * zc.imag
        return torch.complex(re * self.weight[:, 0] + self.bias[:, 0], im * self.weight[:, 1] + self.bias[:, 1])
