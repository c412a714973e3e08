# https://github.com/photosynthesis-team/piq/issues/308 -- standard fix: an epsilon inside the gradient-magnitude sqrt.
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
y = torch.rand(2, 1, 16, 16)
degraded = (y + 0.1 * torch.randn_like(y)).clamp(0, 1)
degraded[..., :, :5] = 0.0                                # black letterbox border
body = nn.Conv2d(1, 8, 3, padding=1)
head = nn.Conv2d(8, 1, 3, padding=1)
nn.init.zeros_(head.weight)                               # residual head starts at zero
nn.init.zeros_(head.bias)
x = degraded + head(torch.relu(body(degraded)))

prewitt = torch.tensor([[-1.0, 0.0, 1.0], [-1.0, 0.0, 1.0], [-1.0, 0.0, 1.0]]) / 3
kernels = torch.stack([prewitt, prewitt.t()]).unsqueeze(1)
x_grad = torch.sqrt(torch.sum(F.conv2d(x, kernels, padding=1) ** 2, dim=-3, keepdim=True) + 1e-12)
y_grad = torch.sqrt(torch.sum(F.conv2d(y, kernels, padding=1) ** 2, dim=-3, keepdim=True) + 1e-12)
t = 170 / (255.0 ** 2)
gms = (2.0 * x_grad * y_grad + t) / (x_grad ** 2 + y_grad ** 2 + t)
mean_gms = torch.mean(gms, dim=[1, 2, 3], keepdim=True)
score = torch.pow(gms - mean_gms, 2).mean(dim=[1, 2, 3]).sqrt()
loss = score.mean()
loss.backward()
