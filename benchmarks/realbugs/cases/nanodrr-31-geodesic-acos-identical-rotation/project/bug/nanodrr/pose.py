import torch


def skew(v):
    z = torch.zeros_like(v[..., 0])
    return torch.stack([torch.stack([z, -v[..., 2], v[..., 1]], -1),
                        torch.stack([v[..., 2], z, -v[..., 0]], -1),
                        torch.stack([-v[..., 1], v[..., 0], z], -1)], -2)


def convert(rotation, translation):
    """Axis-angle + translation parameters to (R, t)."""
    return torch.linalg.matrix_exp(skew(rotation)), translation
