# https://github.com/digantamisra98/EvoNorm/pull/5 -- fixed as in the PR: a NaN variance (1x1 feature map) is replaced by zeros before the sqrt.
import torch
import torch.nn as nn

torch.manual_seed(0)


def instance_std(x, eps=1e-5):
    var = torch.var(x, dim=(2, 3), keepdim=True).expand_as(x)
    if torch.isnan(var).any():
        var = torch.zeros(var.shape)
    return torch.sqrt(var + eps)


conv = nn.Conv2d(3, 8, kernel_size=4)          # 4x4 input -> 1x1 feature map
v = nn.Parameter(torch.ones(1, 8, 1, 1))
gamma = nn.Parameter(torch.ones(1, 8, 1, 1))
beta = nn.Parameter(torch.zeros(1, 8, 1, 1))
eps = 1e-5

x = conv(torch.randn(4, 3, 4, 4))
var = torch.var(x, dim=(0, 2, 3), unbiased=False, keepdim=True)
den = torch.max((var + eps).sqrt(), v * x + instance_std(x, eps=eps))
out = x / den * gamma + beta
loss = out.pow(2).mean()
loss.backward()
