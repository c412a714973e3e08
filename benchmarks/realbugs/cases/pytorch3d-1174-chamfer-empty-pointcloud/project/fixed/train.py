import torch
import torch.nn as nn

from data import backproject_depth
from loss.chamfer import chamfer_distance

torch.manual_seed(0)

N, H, W, P = 3, 16, 16, 64
depth = 2.0 + torch.rand(N, H, W)
mask = torch.rand(N, H, W) > 0.6
# the third frame's segmentation found no foreground (object left the view)
mask[2] = False
gt_points, gt_lengths = backproject_depth(depth, mask)

decoder = nn.Sequential(nn.Linear(16, 64), nn.ReLU(), nn.Linear(64, P * 3))
optimizer = torch.optim.Adam(decoder.parameters(), lr=1e-3)
latent = torch.randn(N, 16)

pred_points = decoder(latent).view(N, P, 3)
pred_lengths = gt_lengths.clamp(max=P)
loss, _ = chamfer_distance(pred_points, gt_points, x_lengths=pred_lengths, y_lengths=gt_lengths)
optimizer.zero_grad()
loss.backward()
optimizer.step()
