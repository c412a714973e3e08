import math

import torch

torch.manual_seed(0)

B, S, D, M = 2, 16, 32, 64
q = torch.randn(B, S, D).half()
k = torch.randn(B, S, D).half()
v = torch.randn(B, S, D).half()
features = torch.randn(D, M).half()


def feature_map(x):
    x_scaled = x @ features.to(x.dtype)
    norm_x_2 = (x * x).sum(-1, keepdim=True) / 2
    return torch.exp(x_scaled - norm_x_2) / math.sqrt(M)


k_prime = feature_map(k)
q_prime = feature_map(q)
att_normalization = q_prime @ (k_prime.transpose(-2, -1) @ torch.ones_like(v))
att_raw = q_prime @ (k_prime.transpose(-2, -1) @ v)
att = att_raw / att_normalization
