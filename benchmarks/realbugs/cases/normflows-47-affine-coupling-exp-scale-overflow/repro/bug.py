import math

import torch
import torch.nn as nn

torch.manual_seed(0)

param_map = nn.Sequential(nn.Linear(2, 64), nn.LeakyReLU(), nn.Linear(64, 4))
x = torch.randn(16, 4) * 400.0
z1, z2 = x[:, :2], x[:, 2:]
param = param_map(z1)
shift = param[:, 0::2]
scale_ = param[:, 1::2]
z2 = z2 * torch.exp(scale_) + shift
log_det = torch.sum(scale_, dim=1)
z = torch.cat([z1, z2], dim=1)
log_q = -0.5 * 4 * math.log(2 * math.pi) - 0.5 * torch.sum(z ** 2, dim=1) + log_det
loss = -torch.mean(log_q)
loss.backward()
