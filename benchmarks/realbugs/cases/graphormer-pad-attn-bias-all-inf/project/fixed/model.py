import torch
import torch.nn as nn


class GraphAttention(nn.Module):
    def __init__(self, dim, heads=2):
        super().__init__()
        self.heads = heads
        self.qkv = nn.Linear(dim, 3 * dim)
        self.out_proj = nn.Linear(dim, dim)

    def forward(self, x, attn_bias):
        b, n, d = x.shape
        q, k, v = self.qkv(x).view(b, n, 3, self.heads, d // self.heads).permute(2, 0, 3, 1, 4)
        scores = q @ k.transpose(-1, -2) / (d // self.heads) ** 0.5
        scores = scores + attn_bias.unsqueeze(1)
        attn = torch.softmax(scores, dim=-1)
        out = (attn @ v).transpose(1, 2).reshape(b, n, d)
        return self.out_proj(out)


class Graphormer(nn.Module):
    def __init__(self, in_dim, dim):
        super().__init__()
        self.embed = nn.Linear(in_dim, dim)
        self.layer = GraphAttention(dim)
        self.head = nn.Linear(dim, 1)
        self.out_proj = self.layer.out_proj

    def forward(self, x, attn_bias):
        h = self.embed(x)
        h = h + self.layer(h, attn_bias)
        return self.head(h.mean(dim=1)).squeeze(-1)
