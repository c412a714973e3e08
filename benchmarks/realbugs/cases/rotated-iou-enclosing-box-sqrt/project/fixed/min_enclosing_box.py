import torch


def point_line_distance_range(pts):
    x1, y1 = pts[..., 0].unsqueeze(-1), pts[..., 1].unsqueeze(-1)
    x2, y2 = pts[..., 0].unsqueeze(-2), pts[..., 1].unsqueeze(-2)
    num = torch.sqrt((y2 - y1).square() + (x2 - x1).square() + 1e-14)
    return num


def smallest_bounding_box(corners):
    dist = point_line_distance_range(corners)
    return dist.flatten(-2).max(dim=-1)[0]
