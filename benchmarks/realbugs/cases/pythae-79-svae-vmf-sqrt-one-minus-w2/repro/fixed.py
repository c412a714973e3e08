# FIXED (as in the PR: 1 - w^2 is clamped to 1e-10 before the sqrt)
# https://github.com/clementchadebec/benchmark_VAE/pull/79 -- SVAE samples the von Mises-Fisher latent as
# z = [w, sqrt(1 - w^2) * v]; for a confident posterior (large concentration) on a low-dimensional sphere
# the rejection sampler returns w == 1.0 exactly for some samples, sqrt is taken at 0 and its infinite
# derivative turns the encoder's gradients into NaN during training.
import numpy as np
import torch
import torch.distributions as dist
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(1)
B, m = 256, 2                                          # latent on the circle S^1
encoder = nn.Linear(8, m + 1)
decoder = nn.Linear(m, 8)
x = torch.randn(B, 8)
out = encoder(x)
loc, log_concentration = out[:, :m], out[:, m:] + 60.0  # a confident posterior after some epochs
loc = loc / loc.norm(dim=-1, keepdim=True)
k = F.softplus(log_concentration) + 1

v = torch.randn_like(loc[:, 1:])
v = v / v.norm(dim=-1, keepdim=True)
c = torch.sqrt(4 * k ** 2 + (m - 1) ** 2)
b = (-2 * k + c) / (m - 1)
a = (m - 1 + 2 * k + c) / 4
d = (4 * a * b) / (1 + b) - (m - 1) * np.log(m - 1)
w = torch.zeros_like(k)
stopping_mask = torch.ones_like(b).type(torch.bool)
i = 0
while stopping_mask.sum() > 0 and i < 100:
    i += 1
    eps = dist.Beta(torch.tensor(0.5 * (m - 1)), torch.tensor(0.5 * (m - 1))).sample((B, 1))
    w_ = (1 - (1 + b) * eps) / (1 - (1 - b) * eps)
    t = 2 * a * b / (1 - (1 - b) * eps)
    u = dist.Uniform(0, 1).sample((B, 1))
    acc = (m - 1) * t.log() - t + d > u.log()
    w[acc * stopping_mask] = w_[acc * stopping_mask]
    stopping_mask[acc * stopping_mask] = ~acc[acc * stopping_mask]

w_sq = torch.sqrt(torch.clamp(1 - (w ** 2), 1e-10))
z = torch.cat((w, w_sq * v), dim=-1)
e1 = torch.zeros(m)
e1[0] = 1
u_h = e1 - loc
u_h = u_h / (u_h.norm(dim=-1, keepdim=True) + 1e-8)
z = z - 2 * u_h * (u_h * z).sum(dim=-1, keepdim=True)
recon_loss = F.mse_loss(decoder(z), x, reduction='none').sum(dim=-1).mean()
recon_loss.backward()
