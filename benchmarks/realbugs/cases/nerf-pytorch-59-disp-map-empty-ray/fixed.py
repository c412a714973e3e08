# Fix: the standard one (the thread gives none): clamp the accumulated weights before dividing.
import torch
import torch.nn.functional as F

torch.manual_seed(0)

raw = torch.randn(3, 8, 4)
raw[1, :, 3] = -10.0
z_vals = torch.linspace(2.0, 6.0, 8).expand(3, 8)
dists = torch.cat([z_vals[..., 1:] - z_vals[..., :-1], torch.full((3, 1), 1e10)], -1)
rgb = torch.sigmoid(raw[..., :3])
alpha = 1.0 - torch.exp(-F.relu(raw[..., 3]) * dists)
weights = alpha * torch.cumprod(torch.cat([torch.ones((3, 1)), 1.0 - alpha + 1e-10], -1), -1)[:, :-1]
rgb_map = torch.sum(weights[..., None] * rgb, -2)
depth_map = torch.sum(weights * z_vals, -1)
disp_map = 1.0 / torch.max(1e-10 * torch.ones_like(depth_map), depth_map / torch.clamp(torch.sum(weights, -1), min=1e-10))
print(disp_map)
