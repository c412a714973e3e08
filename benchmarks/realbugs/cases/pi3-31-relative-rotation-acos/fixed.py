# Fix from the thread: clip the input of torch.acos to [-1 + eps, 1 - eps].
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
N = 4  # frames of one sequence
camera_head = nn.Linear(16, 6)
optimizer = torch.optim.AdamW(camera_head.parameters(), lr=1e-4)

tokens = torch.randn(N, 16)
A = torch.randn(N, 3, 3) * 0.3
gt_rot = torch.linalg.matrix_exp(A - A.transpose(1, 2))

d6 = camera_head(tokens)
b1 = F.normalize(d6[:, :3], dim=-1)
b2 = F.normalize(d6[:, 3:] - (b1 * d6[:, 3:]).sum(-1, keepdim=True) * b1, dim=-1)
pred_rot = torch.stack([b1, b2, torch.cross(b1, b2, dim=-1)], dim=-2)

# relative rotations between every pair of frames, the pairs (i, i) included
rel_pred = pred_rot.transpose(1, 2)[:, None] @ pred_rot[None]
rel_gt = gt_rot.transpose(1, 2)[:, None] @ gt_rot[None]
r_err = rel_pred.transpose(-1, -2) @ rel_gt
cos = (r_err.diagonal(dim1=-2, dim2=-1).sum(-1) - 1) / 2
angle = torch.acos(torch.clamp(cos, -1 + 1e-6, 1 - 1e-6))
loss = angle.mean()
optimizer.zero_grad()
loss.backward()
optimizer.step()
print(cos.diagonal(), loss.item(), camera_head.weight.grad.isnan().any().item())
