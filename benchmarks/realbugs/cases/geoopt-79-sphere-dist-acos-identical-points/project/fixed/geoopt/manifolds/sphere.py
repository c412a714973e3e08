import torch

EPS = {torch.float32: 1e-4, torch.float64: 1e-7}


class Sphere:
    r"""
    Sphere manifold induced by the following constraint

    .. math::

        \|x\|=1
    """

    ndim = 1
    name = "Sphere"

    def inner(self, x, u, v):
        return (u * v).sum(-1)

    def projx(self, x):
        return x / x.norm(dim=-1, keepdim=True)

    def proju(self, x, u):
        return u - (x * u).sum(dim=-1, keepdim=True) * x

    def retr(self, x, u, t=1.0):
        return self.projx(x + u * t)

    def dist(self, x, y):
        inner = self.inner(None, x, y).clamp(-1 + EPS[x.dtype], 1 - EPS[x.dtype])
        return torch.acos(inner)
