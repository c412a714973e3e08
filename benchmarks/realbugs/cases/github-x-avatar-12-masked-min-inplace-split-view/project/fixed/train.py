import torch
import torch.nn.functional as F

from lib.model import XAvatarModel

torch.manual_seed(0)
model = XAvatarModel()
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)

for step in range(2):
    pts_surf = torch.randn(2, 64, 3)
    sdf_gt = torch.randn(2, 64, 1) * 0.1
    shape_pd, _ = model(pts_surf)
    loss = F.l1_loss(shape_pd, sdf_gt)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
