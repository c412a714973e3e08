import torch

import tools
from model import Model

torch.manual_seed(0)

model = Model()
gt_poses = torch.randn(4, 6)
gt_r_matrix = tools.compute_rotation_matrix_from_ortho6d(gt_poses)
out_poses = gt_poses.clone()
out_poses[2:] += 0.3 * torch.randn(2, 6)
out_poses.requires_grad_()
optimizer = torch.optim.Adam([out_poses], lr=1e-4)
optimizer.zero_grad()
out_r_matrix = model.compute_rotation_matrix(out_poses)
loss = model.compute_geodesic_loss(gt_r_matrix, out_r_matrix)
loss.backward()
grad = out_poses.grad
optimizer.step()
