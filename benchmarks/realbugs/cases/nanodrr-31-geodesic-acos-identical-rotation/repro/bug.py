# https://github.com/eigenvivek/nanodrr/pull/31 -- DoubleGeodesicSE3 measures the rotation error with
# roma.rotmat_geodesic_distance(r1, r2), i.e. acos of the cosine (trace(R1^T R2) - 1) / 2 clamped to
# [-1, 1]; when the estimated rotation equals the target (a registration started at, or converged to, the
# true pose) the cosine is exactly 1, acos has an infinite derivative there and the pose gradient is NaN.
import torch

sdd = 1020.0
sdr = sdd / 2


def skew(v):
    z = torch.zeros_like(v[..., 0])
    return torch.stack([torch.stack([z, -v[..., 2], v[..., 1]], -1),
                        torch.stack([v[..., 2], z, -v[..., 0]], -1),
                        torch.stack([-v[..., 1], v[..., 0], z], -1)], -2)


rotation = torch.zeros(2, 3, requires_grad=True)      # axis-angle of the current pose estimate
translation = torch.tensor([[0.0, 850.0, 0.0], [0.0, 850.0, 0.0]], requires_grad=True)
r1 = torch.linalg.matrix_exp(skew(rotation))
r2 = torch.eye(3).expand(2, 3, 3)                     # the true pose
t2 = torch.tensor([[0.0, 850.0, 0.0], [0.0, 850.0, 0.0]]) + torch.tensor([[1.0, 0.0, 0.0], [0.0, 2.0, 0.0]])

R = r1.transpose(-1, -2) @ r2
cos = 0.5 * (R[..., 0, 0] + R[..., 1, 1] + R[..., 2, 2] - 1.0)
cos = torch.clamp(cos, -1.0, 1.0)
geodesic_rot = sdr * torch.acos(cos)
geodesic_xyz = (translation - t2).square().sum(dim=-1).clamp(min=1e-4).sqrt()
loss = (geodesic_rot.square() + geodesic_xyz.square()).sqrt().mean()
loss.backward()
