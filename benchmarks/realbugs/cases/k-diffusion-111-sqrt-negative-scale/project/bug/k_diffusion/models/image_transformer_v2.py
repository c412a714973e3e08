import torch
import torch.nn as nn
import torch.nn.functional as F

from k_diffusion.models.attention import scale_for_cosine_sim


class SelfAttentionBlock(nn.Module):
    def __init__(self, d_model, d_head):
        super().__init__()
        self.d_head = d_head
        self.n_heads = d_model // d_head
        self.qkv_proj = nn.Linear(d_model, d_model * 3, bias=False)
        self.scale = nn.Parameter(torch.full([self.n_heads], 10.0))
        self.out_proj = nn.Linear(d_model, d_model, bias=False)

    def forward(self, x):
        b, n, _ = x.shape
        q, k, v = self.qkv_proj(x).view(b, n, 3, self.n_heads, self.d_head).permute(2, 0, 3, 1, 4)
        q, k = scale_for_cosine_sim(q, k, self.scale[:, None, None], 1e-6)
        x = F.scaled_dot_product_attention(q, k, v, scale=1.0)
        return self.out_proj(x.transpose(1, 2).reshape(b, n, -1))
