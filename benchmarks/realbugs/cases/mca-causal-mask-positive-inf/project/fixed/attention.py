import torch
from torch import nn


class SelfAttention(nn.Module):
    def __init__(self, dim, heads=2, causal=False):
        super().__init__()
        self.heads = heads
        self.causal = causal
        self.scale = (dim // heads) ** -0.5
        self.to_qkv = nn.Linear(dim, dim * 3, bias=False)
        self.to_out = nn.Linear(dim, dim)

    def forward(self, x):
        b, n, _ = x.shape
        h = self.heads
        q, k, v = self.to_qkv(x).chunk(3, dim=-1)
        q, k, v = (t.reshape(b, n, h, -1).transpose(1, 2) for t in (q, k, v))
        dots = torch.einsum('bhid,bhjd->bhij', q, k) * self.scale
        if self.causal:
            mask_value = max_neg_value(dots)
            mask = torch.ones(n, n, device=x.device).triu_(1).bool()
            dots.masked_fill_(mask[None, None], mask_value)
        attn = dots.softmax(dim=-1)
        out = torch.einsum('bhij,bhjd->bhid', attn, v)
        out = out.transpose(1, 2).reshape(b, n, -1)
        return self.to_out(out)


def max_neg_value(tensor):
    return -torch.finfo(tensor.dtype).max
