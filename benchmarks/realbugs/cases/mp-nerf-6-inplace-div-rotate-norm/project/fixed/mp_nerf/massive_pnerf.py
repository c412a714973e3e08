import torch


def mp_nerf_torch(a, b, c, l, theta, chi):
    """Natural extension of reference frame: place d from a, b, c, bond length l,
    bond angle theta (b-c-d) and dihedral chi."""
    ba = b - a
    cb = c - b
    n_plane = torch.cross(ba, cb, dim=-1)
    n_plane_ = torch.cross(n_plane, cb, dim=-1)
    rotate = torch.stack([cb, n_plane_, n_plane], dim=-1)
    rotate = rotate / torch.norm(rotate, dim=-2, keepdim=True)
    d = torch.stack([-torch.cos(theta),
                     torch.sin(theta) * torch.cos(chi),
                     torch.sin(theta) * torch.sin(chi)], dim=-1).unsqueeze(-1)
    return c + l.unsqueeze(-1) * torch.matmul(rotate, d).squeeze(-1)
