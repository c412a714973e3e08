import torch


def psd_cholesky(A):
    """Cholesky factor used for posterior sampling."""
    return torch.linalg.cholesky(A)
