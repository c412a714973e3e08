import torch


def psd_cholesky(A):
    """Cholesky factor used for posterior sampling."""
    L, info = torch.linalg.cholesky_ex(A)
    if info.item() == 0:
        return L
    jitter = 1e-6 * A.diagonal().mean().detach()
    for _ in range(3):
        L, info = torch.linalg.cholesky_ex(A + jitter * torch.eye(A.shape[-1]))
        if info.item() == 0:
            return L
        jitter = jitter * 10
    raise RuntimeError("Matrix not positive definite after adding jitter")
