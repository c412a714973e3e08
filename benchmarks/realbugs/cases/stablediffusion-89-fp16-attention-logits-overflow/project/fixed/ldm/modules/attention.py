import torch
import torch.nn as nn
from torch import einsum


class CrossAttention(nn.Module):
    def __init__(self, query_dim, context_dim=None, heads=2, dim_head=64):
        super().__init__()
        inner_dim = dim_head * heads
        context_dim = context_dim or query_dim
        self.scale = dim_head ** -0.5
        self.heads = heads
        self.to_q = nn.Linear(query_dim, inner_dim, bias=False)
        self.to_k = nn.Linear(context_dim, inner_dim, bias=False)
        self.to_v = nn.Linear(context_dim, inner_dim, bias=False)
        self.to_out = nn.Linear(inner_dim, query_dim)

    def split_heads(self, t):
        b, n, _ = t.shape
        return t.reshape(b, n, self.heads, -1).permute(0, 2, 1, 3).reshape(b * self.heads, n, -1)

    def forward(self, x, context=None):
        context = x if context is None else context
        q = self.split_heads(self.to_q(x))
        k = self.split_heads(self.to_k(context))
        v = self.split_heads(self.to_v(context))
        q, k = q.float(), k.float()
        sim = einsum('b i d, b j d -> b i j', q, k) * self.scale
        sim = sim.softmax(dim=-1).to(v.dtype)
        out = einsum('b i j, b j d -> b i d', sim, v)
        b = out.shape[0] // self.heads
        out = out.reshape(b, self.heads, out.shape[1], -1).permute(0, 2, 1, 3).reshape(b, out.shape[1], -1)
        return self.to_out(out)


class BasicTransformerBlock(nn.Module):
    def __init__(self, dim, heads=2, dim_head=64):
        super().__init__()
        self.attn1 = CrossAttention(dim, heads=heads, dim_head=dim_head)
        self.ff = nn.Sequential(nn.Linear(dim, dim * 2), nn.GELU(), nn.Linear(dim * 2, dim))

    def forward(self, x):
        x = self.attn1(x) + x
        return self.ff(x) + x
