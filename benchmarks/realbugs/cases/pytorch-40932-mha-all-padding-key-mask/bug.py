# pytorch/pytorch#40932: MultiheadAttention with a key_padding_mask full of True (an all-<pad> example) -> NaN loss.
import torch
import torch.nn as nn
from torch.nn.modules.activation import MultiheadAttention

torch.manual_seed(0)


class EncoderLayer(nn.Module):
    def __init__(self, embed_dim=16, nhead=2, dropout=0.0):
        super().__init__()
        self.self_attn = MultiheadAttention(embed_dim=embed_dim, num_heads=nhead, dropout=dropout)
        self.linear = nn.Linear(embed_dim, embed_dim)

    def forward(self, src, src_mask=None, src_key_padding_mask=None):
        src2, attn = self.self_attn(src, src, src, attn_mask=src_mask,
                                    key_padding_mask=src_key_padding_mask)
        return self.linear(src + src2)


model = EncoderLayer()
max_seq_length, batch = 6, 3
src = torch.randn(max_seq_length, batch, 16)
lengths = torch.tensor([6, 3, 0])  # the last example is <pad> * max_seq_length
src_key_padding_mask = torch.arange(max_seq_length)[None, :] >= lengths[:, None]

out = model(src, src_key_padding_mask=src_key_padding_mask)
loss = out.pow(2).mean()
loss.backward()
