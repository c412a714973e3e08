# PythonOT/POT#773: TorchBackend.sqrtm via torch.linalg.eigh has NaN gradients at repeated eigenvalues (A = I).
import torch

torch.set_default_dtype(torch.float64)


def sqrtm(a, num_iters=30):
    # Newton-Schulz iterations: differentiable without an eigendecomposition
    norm = torch.linalg.matrix_norm(a)
    Y = a / norm
    eye = torch.eye(a.shape[-1], dtype=a.dtype)
    Z = eye
    for _ in range(num_iters):
        T = 0.5 * (3.0 * eye - Z @ Y)
        Y = Y @ T
        Z = T @ Z
    return Y * torch.sqrt(norm)


A = torch.eye(3, dtype=torch.float64, requires_grad=True)
sqrtm(A)[0, 1].backward()
grad = A.grad
