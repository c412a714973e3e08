import math

import torch


def xyz_to_angles(xyz):
    xyz = torch.nn.functional.normalize(xyz, p=2, dim=-1)
    x, y, z = xyz.unbind(-1)
    beta = torch.acos(z)
    alpha = torch.atan2(y, x)
    return alpha, beta


def spherical_harmonics_xyz(lmax, xyz):
    alpha, beta = xyz_to_angles(xyz)
    out = [torch.full_like(alpha, 0.5 / math.sqrt(math.pi)).unsqueeze(-1)]
    if lmax >= 1:
        c = math.sqrt(3.0 / (4.0 * math.pi))
        out.append(c * torch.stack([
            torch.sin(beta) * torch.sin(alpha),
            torch.cos(beta),
            torch.sin(beta) * torch.cos(alpha),
        ], dim=-1))
    return torch.cat(out, dim=-1)
