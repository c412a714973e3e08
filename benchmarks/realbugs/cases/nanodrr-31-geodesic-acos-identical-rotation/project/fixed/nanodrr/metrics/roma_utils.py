import torch


def rotmat_cosine_angle(R):
    return 0.5 * (R[..., 0, 0] + R[..., 1, 1] + R[..., 2, 2] - 1.0)


def rotmat_geodesic_distance(R1, R2, clamping=1.0):
    """Angle (in radians) of the rotation R1^T R2 (as roma.rotmat_geodesic_distance)."""
    R = R1.transpose(-1, -2) @ R2
    cos = rotmat_cosine_angle(R)
    cos = torch.clamp(cos, -clamping, clamping)
    return torch.acos(cos)
