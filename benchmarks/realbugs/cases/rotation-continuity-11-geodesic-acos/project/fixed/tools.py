import torch


def normalize_vector(v):
    v_mag = torch.sqrt(v.pow(2).sum(1)).clamp(min=1e-8)
    return v / v_mag.view(-1, 1)


def cross_product(u, v):
    return torch.cross(u, v, dim=1)


def compute_rotation_matrix_from_ortho6d(poses):
    x_raw = poses[:, 0:3]
    y_raw = poses[:, 3:6]
    x = normalize_vector(x_raw)
    z = normalize_vector(cross_product(x, y_raw))
    y = cross_product(z, x)
    return torch.stack((x, y, z), dim=2)


def compute_geodesic_distance_from_two_matrices(m1, m2):
    batch = m1.shape[0]
    m = torch.bmm(m1, m2.transpose(1, 2))
    cos = (m[:, 0, 0] + m[:, 1, 1] + m[:, 2, 2] - 1) / 2
    cos = torch.min(cos, torch.ones(batch) * 0.9999)
    cos = torch.max(cos, torch.ones(batch) * -0.9999)
    theta = torch.acos(cos)
    return theta
