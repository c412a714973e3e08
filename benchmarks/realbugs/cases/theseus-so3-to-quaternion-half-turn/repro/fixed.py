# https://github.com/facebookresearch/theseus/issues/670 -- fix suggested in the issue: clamp the radicand from below by a small eps, as already done for sine_half_theta.
import torch

torch.manual_seed(0)
R = torch.tensor([[1.0, 0.0, 0.0], [0.0, -1.0, 0.0], [0.0, 0.0, -1.0]], requires_grad=True)
rot = R.reshape(1, 3, 3)
target = torch.tensor([[0.0, 1.0, 0.0, 0.0]])

sine_axis = torch.stack([0.5 * (rot[:, 2, 1] - rot[:, 1, 2]),
                         0.5 * (rot[:, 0, 2] - rot[:, 2, 0]),
                         0.5 * (rot[:, 1, 0] - rot[:, 0, 1])], dim=1)
w = 0.5 * (1 + rot[:, 0, 0] + rot[:, 1, 1] + rot[:, 2, 2]).clamp(1e-8, 4).sqrt()
near_pi = w <= 1e-4
axis_from_diag = torch.stack([rot[:, 0, 0], rot[:, 1, 1], rot[:, 2, 2]], dim=1).add(1).clamp(min=0).mul(0.5) + 1e-12
xyz = torch.where(near_pi[:, None], axis_from_diag.sqrt(), sine_axis / (2 * w[:, None] + 1e-12))
quat = torch.cat([w[:, None], xyz], dim=1)
loss = (1 - (quat * target).sum(-1).abs()).mean()
loss.backward()
grad = R.grad
