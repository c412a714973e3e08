# FIXED (zero the magnitude weight_g after weight_norm instead of the weight itself; standard fix) -- https://github.com/pytorch/pytorch/issues/19126 -- weight_norm reparametrizes w = g * v / ||v||; wrapping a zero-initialized layer (the usual identity start of a coupling layer) gives v = 0 and g = ||v|| = 0, so the weight is 0 * 0 / 0 = NaN and so is every output and gradient.
import warnings

import torch
import torch.nn as nn
from torch.nn.utils import weight_norm

warnings.filterwarnings("ignore")
torch.manual_seed(0)
start = weight_norm(nn.Conv1d(4, 16, 1))
end = nn.Conv1d(16, 8, 1)
end.bias.data.zero_()
end = weight_norm(end)
end.weight_g.data.zero_()

x0, x1 = torch.randn(4, 4, 32), torch.randn(4, 4, 32)
log_s, t = end(torch.tanh(start(x0))).chunk(2, dim=1)
z1 = x1 * torch.exp(log_s) + t
loss = (0.5 * z1 ** 2).mean() - log_s.mean()
loss.backward()
