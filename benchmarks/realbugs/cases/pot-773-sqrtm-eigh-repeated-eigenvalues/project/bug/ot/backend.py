import torch


class TorchBackend:
    def einsum(self, subscripts, *operands):
        return torch.einsum(subscripts, *operands)

    def sqrtm(self, a):
        L, V = torch.linalg.eigh(a)
        L = torch.sqrt(L)
        Q = torch.einsum("...jk,...k->...jk", V, L)
        return torch.einsum("...jk,...kl->...jl", Q, torch.transpose(V, -1, -2))

    def trace(self, a):
        return torch.einsum("...ii->...", a)
