import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)


def raw2alpha(raw, dists):
    return 1.0 - torch.exp(-F.relu(raw) * dists)


mlp = nn.Sequential(nn.Linear(3, 16), nn.ReLU(), nn.Linear(16, 4))
n_rays, n_samples = 4, 16
rays_o = torch.zeros(n_rays, 3)
rays_d = F.normalize(torch.randn(n_rays, 3), dim=-1)
z_vals = torch.linspace(2.0, 6.0, n_samples).expand(n_rays, n_samples)
pts = rays_o[:, None, :] + rays_d[:, None, :] * z_vals[..., None]
raw = mlp(pts)
dists = z_vals[..., 1:] - z_vals[..., :-1]
dists = torch.cat([dists, torch.full_like(dists[..., :1], 1e10)], -1)
depths = torch.full((n_rays,), 4.0)
err = 1.0

alpha = raw2alpha(raw[..., 3], dists)
weights = alpha * torch.cumprod(torch.cat([torch.ones((alpha.shape[0], 1)), 1.0 - alpha + 1e-10], -1), -1)[:, :-1]
loss = -torch.log(weights) * torch.exp(-(z_vals - depths[:, None]) ** 2 / (2 * err)) * dists
loss = torch.sum(loss, dim=1).mean()
print("sigma loss", loss.item())
