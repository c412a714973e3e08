import torch
import torch.nn as nn

torch.manual_seed(0)
na, no, stride = 3, 7, 8.0
conv = nn.Conv2d(16, na * no, 1)
anchor_grid = torch.tensor([[10.0, 13.0], [16.0, 30.0], [33.0, 23.0]]).view(1, na, 1, 1, 2)

patch = torch.zeros(1, 16, 4, 4, requires_grad=True)
feat = torch.randn(1, 16, 4, 4) + patch
bs, _, ny, nx = feat.shape
x = conv(feat).view(bs, na, no, ny, nx).permute(0, 1, 3, 4, 2).contiguous()
yv, xv = torch.meshgrid([torch.arange(ny), torch.arange(nx)], indexing="ij")
grid = torch.stack((xv, yv), 2).view(1, 1, ny, nx, 2).float()

y = x.sigmoid()
y[..., 0:2] = (y[..., 0:2] * 2.0 - 0.5 + grid) * stride
y[..., 2:4] = (y[..., 2:4] * 2) ** 2 * anchor_grid
pred = y.view(bs, -1, no)
loss = pred[..., 4].max()
loss.backward()
print("attack loss", loss.item())
