import torch


def edge_lengths(verts, faces):
    v = verts[:, faces]
    edges = v - v.roll(1, dims=2)
    return torch.sqrt((edges ** 2).sum(dim=-1))


def triangle_loss_fn(verts, faces):
    lengths = edge_lengths(verts, faces)
    return ((lengths - lengths.mean(dim=-1, keepdim=True)) ** 2).mean()
