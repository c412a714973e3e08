import torch.nn as nn


class Encoder(nn.Module):
    def __init__(self, embed_dim=16, n_heads=4):
        super().__init__()
        self.attn = nn.MultiheadAttention(embed_dim, n_heads, batch_first=True)
        self.norm = nn.LayerNorm(embed_dim)
        self.head = nn.Linear(embed_dim, 1)

    def forward(self, x, key_padding_mask):
        h, _ = self.attn(x, x, x, key_padding_mask=key_padding_mask)
        h = self.norm(x + h)
        return self.head(h).squeeze(-1)
