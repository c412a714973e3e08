# https://github.com/kornia/kornia/pull/3980 -- quaternion_to_axis_angle computes two_theta / sin_theta before torch.where picks the constant branch; at the identity rotation that is 0/0 and the gradient is NaN.
import torch

torch.manual_seed(0)
delta = torch.zeros(2, 4, requires_grad=True)                # rotation refinement starts at identity
quaternion = torch.nn.functional.normalize(delta + torch.tensor([1.0, 0.0, 0.0, 0.0]), dim=-1)
target = torch.tensor([[0.1, 0.0, 0.0], [0.0, 0.2, 0.0]])

cos_theta = quaternion[..., 0]
q1, q2, q3 = quaternion[..., 1], quaternion[..., 2], quaternion[..., 3]
sin_squared_theta = q1 * q1 + q2 * q2 + q3 * q3
sin_theta = torch.sqrt(sin_squared_theta)
two_theta = 2.0 * torch.where(cos_theta < 0.0, torch.atan2(-sin_theta, -cos_theta),
                              torch.atan2(sin_theta, cos_theta))
k_pos = two_theta / sin_theta
k_neg = 2.0 * torch.ones_like(sin_theta)
k = torch.where(sin_squared_theta > 0.0, k_pos, k_neg)
axis_angle = torch.stack([q1 * k, q2 * k, q3 * k], dim=-1)
loss = (axis_angle - target).pow(2).sum()
loss.backward()
