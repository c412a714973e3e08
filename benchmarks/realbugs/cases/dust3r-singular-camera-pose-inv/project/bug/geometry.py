import numpy as np
import torch


def inv(mat):
    if isinstance(mat, torch.Tensor):
        return torch.linalg.inv(mat)
    if isinstance(mat, np.ndarray):
        return np.linalg.inv(mat)
    raise ValueError(f"bad matrix type = {type(mat)}")


def geotrf(Trf, pts):
    return pts @ Trf[..., :3, :3].transpose(-1, -2) + Trf[..., None, :3, 3]
