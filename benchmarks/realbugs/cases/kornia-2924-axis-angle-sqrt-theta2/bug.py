# kornia/kornia#2924: SqrtBackward0 returns NaN in axis_angle_to_rotation_matrix for a zero rotation (theta2 == 0).
import torch

torch.manual_seed(0)


def axis_angle_to_rotation_matrix(axis_angle):
    def _compute_rotation_matrix(axis_angle, theta2, eps=1e-6):
        k_one = 1.0
        theta = torch.sqrt(theta2)
        wxyz = axis_angle / (theta + eps)
        wx, wy, wz = torch.chunk(wxyz, 3, dim=1)
        cos_theta = torch.cos(theta)
        sin_theta = torch.sin(theta)
        r00 = cos_theta + wx * wx * (k_one - cos_theta)
        r10 = wz * sin_theta + wx * wy * (k_one - cos_theta)
        r20 = -wy * sin_theta + wx * wz * (k_one - cos_theta)
        r01 = wx * wy * (k_one - cos_theta) - wz * sin_theta
        r11 = cos_theta + wy * wy * (k_one - cos_theta)
        r21 = wx * sin_theta + wy * wz * (k_one - cos_theta)
        r02 = wy * sin_theta + wx * wz * (k_one - cos_theta)
        r12 = -wx * sin_theta + wy * wz * (k_one - cos_theta)
        r22 = cos_theta + wz * wz * (k_one - cos_theta)
        rotation_matrix = torch.cat([r00, r01, r02, r10, r11, r12, r20, r21, r22], dim=1)
        return rotation_matrix.view(-1, 3, 3)

    def _compute_rotation_matrix_taylor(axis_angle):
        rx, ry, rz = torch.chunk(axis_angle, 3, dim=1)
        k_one = torch.ones_like(rx)
        rotation_matrix = torch.cat([k_one, -rz, ry, rz, k_one, -rx, -ry, rx, k_one], dim=1)
        return rotation_matrix.view(-1, 3, 3)

    _axis_angle = torch.unsqueeze(axis_angle, dim=1)
    theta2 = torch.matmul(_axis_angle, _axis_angle.transpose(1, 2))
    theta2 = torch.squeeze(theta2, dim=1)
    rotation_matrix_normal = _compute_rotation_matrix(axis_angle, theta2)
    rotation_matrix_taylor = _compute_rotation_matrix_taylor(axis_angle)
    eps = 1e-6
    mask = (theta2 > eps).view(-1, 1, 1)
    mask_pos = mask.type_as(theta2)
    mask_neg = (~mask).type_as(theta2)
    return mask_pos * rotation_matrix_normal + mask_neg * rotation_matrix_taylor


# SMPL-style pose parameters initialised at the rest pose: some joints are exactly zero
axis_angle = torch.randn(4, 3)
axis_angle[0] = 0.0
axis_angle.requires_grad_()
R = axis_angle_to_rotation_matrix(axis_angle)
loss = (R - torch.eye(3)).pow(2).sum()
loss.backward()
grad = axis_angle.grad
