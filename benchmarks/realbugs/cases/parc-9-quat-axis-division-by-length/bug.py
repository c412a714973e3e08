# mshoe/PARC#9: NaN losses in MDM training; quat_to_axis_angle divides q[..., :3] by a zero length (identity quaternion).
import torch

torch.manual_seed(0)


def quat_pos(x):
    q = x
    z = (q[..., 3:] < 0).float()
    q = (1 - 2 * z) * q
    return q


def quat_to_axis_angle(q):
    eps = 1e-5
    qx, qy, qz, qw = 0, 1, 2, 3
    q = quat_pos(q)
    length = torch.norm(q[..., 0:3], dim=-1, p=2)
    angle = 2.0 * torch.atan2(length, q[..., qw])
    axis = q[..., qx:qw] / length.unsqueeze(-1)
    default_axis = torch.zeros_like(axis)
    default_axis[..., -1] = 1
    mask = length > eps
    angle = torch.where(mask, angle, torch.zeros_like(angle))
    mask_expand = mask.unsqueeze(-1)
    axis = torch.where(mask_expand, axis, default_axis)
    return axis, angle


def quat_to_exp_map(q):
    axis, angle = quat_to_axis_angle(q)
    return angle.unsqueeze(-1) * axis


# predicted joint rotations (x, y, z, w); the root joint sits exactly at the identity rotation
pred_rot = torch.randn(4, 4)
pred_rot[0] = torch.tensor([0.0, 0.0, 0.0, 1.0])
pred_rot.requires_grad_()
target_exp_map = torch.randn(4, 3) * 0.1
q = pred_rot / pred_rot.norm(dim=-1, keepdim=True)
rot_loss = (quat_to_exp_map(q) - target_exp_map).pow(2).sum(-1).mean()
rot_loss.backward()
grad = pred_rot.grad
