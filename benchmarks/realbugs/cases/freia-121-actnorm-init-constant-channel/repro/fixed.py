# FIXED (standard fix: the std of the init batch is clamped away from 0 before 1 / std)
# https://github.com/vislearn/FrEIA/issues/121 -- ActNorm initialises its scale from the first batch as
# log(1 / std) per channel; a channel that always has the same value has std = 0, so the scale is
# log(inf) = inf, the bias -inf, and the flow's output and log-Jacobian are NaN/inf.
import torch
import torch.nn as nn

torch.manual_seed(0)
C = 4
scale = nn.Parameter(torch.zeros(1, C))
bias = nn.Parameter(torch.zeros(1, C))
data = torch.randn(64, C)
data[:, 2] = 0.5                              # a feature that never changes in the dataset

with torch.no_grad():
    scale.data.view(-1)[:] = torch.log(1 / data.transpose(0, 1).contiguous().view(C, -1).std(dim=-1).clamp(min=1e-6))
    scaled = data * scale.exp()
    bias.data.view(-1)[:] = -scaled.transpose(0, 1).contiguous().view(C, -1).mean(dim=-1)

z = data * scale.exp() + bias
log_jac_det = scale.sum().repeat(data.shape[0])
nll = (0.5 * z.pow(2).sum(1) - log_jac_det).mean()
nll.backward()
