# crowsonkb/k-diffusion#111: scaled cosine-sim attention gives NaN once the learned scale goes negative (sqrt(scale)).
from functools import reduce

import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)


def scale_for_cosine_sim(q, k, scale, eps):
    dtype = reduce(torch.promote_types, (q.dtype, k.dtype, scale.dtype, torch.float32))
    sum_sq_q = torch.sum(q.to(dtype) ** 2, dim=-1, keepdim=True)
    sum_sq_k = torch.sum(k.to(dtype) ** 2, dim=-1, keepdim=True)
    sqrt_scale = torch.sqrt(scale.to(dtype))
    scale_q = sqrt_scale * torch.rsqrt(sum_sq_q + eps)
    scale_k = sqrt_scale * torch.rsqrt(sum_sq_k + eps)
    return q * scale_q.to(q.dtype), k * scale_k.to(k.dtype)


class SelfAttentionBlock(nn.Module):
    def __init__(self, d_model, d_head):
        super().__init__()
        self.d_head, self.n_heads = d_head, d_model // d_head
        self.qkv_proj = nn.Linear(d_model, d_model * 3, bias=False)
        self.scale = nn.Parameter(torch.full([self.n_heads], 10.0))
        self.out_proj = nn.Linear(d_model, d_model, bias=False)

    def forward(self, x):
        b, n, _ = x.shape
        q, k, v = self.qkv_proj(x).view(b, n, 3, self.n_heads, self.d_head).permute(2, 0, 3, 1, 4)
        q, k = scale_for_cosine_sim(q, k, self.scale[:, None, None], 1e-6)
        x = F.scaled_dot_product_attention(q, k, v, scale=1.0)
        return self.out_proj(x.transpose(1, 2).reshape(b, n, -1))


block = SelfAttentionBlock(64, 16)
with torch.no_grad():
    block.scale[1] = -0.02  # a large gradient step pushed one head's scale (near 0) below zero
x = torch.randn(2, 10, 64)
out = block(x)
loss = out.pow(2).mean()
loss.backward()
