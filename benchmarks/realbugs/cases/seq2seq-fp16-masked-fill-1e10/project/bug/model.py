import torch.nn as nn

from layers import MultiHeadAttentionLayer


class Encoder(nn.Module):
    def __init__(self, vocab, hid_dim, n_heads, pad_idx):
        super().__init__()
        self.pad_idx = pad_idx
        self.tok = nn.Embedding(vocab, hid_dim)
        self.attn = MultiHeadAttentionLayer(hid_dim, n_heads)
        self.norm = nn.LayerNorm(hid_dim)
        self.out = nn.Linear(hid_dim, vocab)

    def make_src_mask(self, src):
        return (src != self.pad_idx).unsqueeze(1).unsqueeze(2)

    def forward(self, src):
        x = self.tok(src)
        a, _ = self.attn(x, x, x, self.make_src_mask(src))
        return self.out(self.norm(x + a))
