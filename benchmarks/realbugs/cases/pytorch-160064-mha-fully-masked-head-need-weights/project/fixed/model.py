import torch
from torch import nn


class HeadGatedBlock(nn.Module):
    """Self-attention in which some heads can be switched off per sample by masking them completely."""

    def __init__(self, dim=3, num_heads=3, return_attention=True):
        super().__init__()
        self.num_heads = num_heads
        self.return_attention = return_attention
        self.att = nn.MultiheadAttention(dim, num_heads, batch_first=True)
        self.norm = nn.LayerNorm(dim)

    def head_mask(self, active_heads, seq_len):
        off = ~active_heads  # (batch, heads) -> True where the head is switched off
        return off.reshape(-1, 1, 1).expand(-1, seq_len, seq_len)

    def forward(self, x, active_heads):
        mask = self.head_mask(active_heads, x.size(1))
        y, weights = self.att(x, x, x, attn_mask=mask, average_attn_weights=False, need_weights=self.return_attention)
        return self.norm(x + y), weights
