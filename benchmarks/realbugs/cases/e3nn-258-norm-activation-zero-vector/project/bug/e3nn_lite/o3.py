import torch


class Norm(torch.nn.Module):
    r"""Norm of each irrep in a direct sum of irreps (here: ``mul`` copies of an irrep of dimension ``ir_dim``)."""

    def __init__(self, mul: int, ir_dim: int):
        super().__init__()
        self.mul = mul
        self.ir_dim = ir_dim

    def tp(self, features1, features2):
        x1 = features1.reshape(*features1.shape[:-1], self.mul, self.ir_dim)
        x2 = features2.reshape(*features2.shape[:-1], self.mul, self.ir_dim)
        return (x1 * x2).sum(-1)

    def forward(self, features):
        """Compute norms of irreps in ``features``."""
        return self.tp(features, features).sqrt()


class ElementwiseTensorProduct(torch.nn.Module):
    """Multiply each irrep of ``features`` by its scalar."""

    def __init__(self, mul: int, ir_dim: int):
        super().__init__()
        self.mul = mul
        self.ir_dim = ir_dim

    def forward(self, scalars, features):
        x = features.reshape(*features.shape[:-1], self.mul, self.ir_dim)
        return (scalars.unsqueeze(-1) * x).reshape(features.shape)
