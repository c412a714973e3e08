import torch


def make_strip_mesh(n):
    verts = torch.stack([torch.arange(n, dtype=torch.float32) / n,
                         (torch.arange(n) % 2).float(),
                         torch.zeros(n)], dim=1)
    faces = torch.stack([torch.arange(n - 2), torch.arange(1, n - 1), torch.arange(2, n)], dim=1)
    return verts, faces
