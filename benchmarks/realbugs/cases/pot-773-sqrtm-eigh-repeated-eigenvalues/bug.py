# PythonOT/POT#773: TorchBackend.sqrtm via torch.linalg.eigh has NaN gradients at repeated eigenvalues (A = I).
import torch

torch.set_default_dtype(torch.float64)


def sqrtm(a):
    L, V = torch.linalg.eigh(a)
    L = torch.sqrt(L)
    # Q[...] = V[...] @ diag(L[...])
    Q = torch.einsum("...jk,...k->...jk", V, L)
    # R[...] = Q[...] @ V[...].T
    return torch.einsum("...jk,...kl->...jl", Q, torch.transpose(V, -1, -2))


A = torch.eye(3, dtype=torch.float64, requires_grad=True)
sqrtm(A)[0, 1].backward()
grad = A.grad
