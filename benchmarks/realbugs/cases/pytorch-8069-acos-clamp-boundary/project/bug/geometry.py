import torch


def quat_to_rotmat(q):
    w, x, y, z = q.unbind(-1)
    return torch.stack([
        1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w),
        2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w),
        2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y),
    ], -1).view(*q.shape[:-1], 3, 3)


def geodesic_distance(R1, R2):
    m = R1.transpose(-1, -2) @ R2
    cos = (m.diagonal(dim1=-2, dim2=-1).sum(-1) - 1) / 2
    return torch.acos(torch.clamp(cos, -1.0, 1.0))
