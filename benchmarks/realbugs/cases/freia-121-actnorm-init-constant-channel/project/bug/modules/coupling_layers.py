import torch
import torch.nn as nn


class GLOWCouplingBlock(nn.Module):
    def __init__(self, dims_in, subnet_constructor, clamp=2.0):
        super().__init__()
        channels = dims_in[0][0]
        self.split_len1 = channels // 2
        self.split_len2 = channels - channels // 2
        self.clamp = clamp
        self.subnet1 = subnet_constructor(self.split_len1, self.split_len2 * 2)
        self.subnet2 = subnet_constructor(self.split_len2, self.split_len1 * 2)

    def _e(self, s):
        return torch.exp(self.clamp * 0.636 * torch.atan(s / self.clamp))

    def forward(self, x, rev=False):
        x1, x2 = x[0].split([self.split_len1, self.split_len2], dim=1)
        r2 = self.subnet2(x2)
        s2, t2 = r2[:, :self.split_len1], r2[:, self.split_len1:]
        y1 = self._e(s2) * x1 + t2
        r1 = self.subnet1(y1)
        s1, t1 = r1[:, :self.split_len2], r1[:, self.split_len2:]
        y2 = self._e(s1) * x2 + t1
        jac = (self.clamp * 0.636 * torch.atan(s2 / self.clamp)).sum(1) \
            + (self.clamp * 0.636 * torch.atan(s1 / self.clamp)).sum(1)
        return [torch.cat((y1, y2), 1)], jac


class PermuteRandom(nn.Module):
    def __init__(self, dims_in, seed=0):
        super().__init__()
        g = torch.Generator().manual_seed(seed)
        self.register_buffer('perm', torch.randperm(dims_in[0][0], generator=g))

    def forward(self, x, rev=False):
        return [x[0][:, self.perm]], torch.zeros(x[0].shape[0])
