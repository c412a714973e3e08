import torch
import torch.nn as nn
from torch.nn.modules.activation import MultiheadAttention


class EncoderLayer(nn.Module):
    def __init__(self, embed_dim=16, nhead=2, dropout=0.0):
        super().__init__()
        self.self_attn = MultiheadAttention(embed_dim=embed_dim, num_heads=nhead, dropout=dropout)
        self.linear = nn.Linear(embed_dim, embed_dim)

    def forward(self, src, src_mask=None, src_key_padding_mask=None):
        empty = src_key_padding_mask.all(dim=1, keepdim=True)
        src2, attn = self.self_attn(src, src, src, attn_mask=src_mask,
                                    key_padding_mask=src_key_padding_mask & ~empty)
        src2 = src2.masked_fill(empty.T.unsqueeze(-1), 0.0)
        return self.linear(src + src2)
