import torch


def box2corners(box):
    x, y, w, h, a = box.unbind(-1)
    cos, sin = torch.cos(a), torch.sin(a)
    dx = torch.stack([w, -w, -w, w], dim=-1) / 2
    dy = torch.stack([h, h, -h, -h], dim=-1) / 2
    cx = x.unsqueeze(-1) + dx * cos.unsqueeze(-1) - dy * sin.unsqueeze(-1)
    cy = y.unsqueeze(-1) + dx * sin.unsqueeze(-1) + dy * cos.unsqueeze(-1)
    return torch.stack([cx, cy], dim=-1)


def all_corners(pred, target):
    return torch.cat([box2corners(pred), box2corners(target)], dim=-2)
