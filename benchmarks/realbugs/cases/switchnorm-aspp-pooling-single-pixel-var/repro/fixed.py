import torch
import torch.nn as nn

torch.manual_seed(0)
N, C = 2, 8
weight = torch.ones(1, C, 1, 1)
bias = torch.zeros(1, C, 1, 1)
mean_weight = torch.ones(3)
var_weight = torch.ones(3)
eps = 1e-5

feats = torch.randn(N, 16, 9, 9)
pooled = nn.AdaptiveAvgPool2d(1)(feats)
x = nn.Conv2d(16, C, 1, bias=False)(pooled)

n, c, h, w = x.size()
x = x.view(n, c, -1)
mean_in = x.mean(-1, keepdim=True)
var_in = x.var(-1, keepdim=True, unbiased=False)
mean_ln = mean_in.mean(1, keepdim=True)
temp = var_in + mean_in ** 2
var_ln = temp.mean(1, keepdim=True) - mean_ln ** 2
mean_bn = mean_in.mean(0, keepdim=True)
var_bn = temp.mean(0, keepdim=True) - mean_bn ** 2
mw = torch.softmax(mean_weight, 0)
vw = torch.softmax(var_weight, 0)
mean = mw[0] * mean_in + mw[1] * mean_ln + mw[2] * mean_bn
var = vw[0] * var_in + vw[1] * var_ln + vw[2] * var_bn
x = (x - mean) / (var + eps).sqrt()
out = x.view(n, c, h, w) * weight + bias
print("out mean", out.mean().item())
