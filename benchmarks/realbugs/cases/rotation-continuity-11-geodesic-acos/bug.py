# papagina/RotationContinuity#11: geodesic loss is NaN; cos clamped to exactly [-1, 1] before torch.acos.
import torch

torch.manual_seed(0)


def normalize_vector(v):
    v_mag = torch.sqrt(v.pow(2).sum(1)).clamp(min=1e-8)
    return v / v_mag.view(-1, 1)


def compute_rotation_matrix_from_ortho6d(poses):
    x = normalize_vector(poses[:, 0:3])
    z = normalize_vector(torch.cross(x, poses[:, 3:6], dim=1))
    y = torch.cross(z, x, dim=1)
    return torch.stack((x, y, z), dim=2)


def compute_geodesic_distance_from_two_matrices(m1, m2):
    batch = m1.shape[0]
    m = torch.bmm(m1, m2.transpose(1, 2))  # batch*3*3
    cos = (m[:, 0, 0] + m[:, 1, 1] + m[:, 2, 2] - 1) / 2
    cos = torch.min(cos, torch.ones(batch))
    cos = torch.max(cos, torch.ones(batch) * -1)
    theta = torch.acos(cos)
    return theta


gt_poses = torch.randn(4, 6)
gt_r_matrix = compute_rotation_matrix_from_ortho6d(gt_poses)
out_poses = gt_poses.clone()
out_poses[2:] += 0.3 * torch.randn(2, 6)
out_poses.requires_grad_()  # the first two predictions already match their ground truth rotation
out_r_matrix = compute_rotation_matrix_from_ortho6d(out_poses)
theta = compute_geodesic_distance_from_two_matrices(gt_r_matrix, out_r_matrix)
error = theta.mean()
error.backward()
grad = out_poses.grad
