import torch
import torch.nn as nn

from transformer_layer import TransformerEncoderLayer


def local_attention_mask(seq_len, window, dtype):
    """1 where position j is outside the local window of position i."""
    idx = torch.arange(seq_len)
    return ((idx[None, :] - idx[:, None]).abs() > window).to(dtype)


class TransformerEncoder(nn.Module):
    def __init__(self, vocab_size, embed_dim=16, num_heads=2, num_layers=2, window=2):
        super().__init__()
        self.embed_tokens = nn.Embedding(vocab_size, embed_dim, padding_idx=1)
        self.layers = nn.ModuleList([TransformerEncoderLayer(embed_dim, num_heads, 32) for _ in range(num_layers)])
        self.window = window

    def forward(self, src_tokens):
        encoder_padding_mask = src_tokens.eq(1)
        x = self.embed_tokens(src_tokens).transpose(0, 1)
        attn_mask = local_attention_mask(src_tokens.size(1), self.window, x.dtype)
        for layer in self.layers:
            x = layer(x, encoder_padding_mask, attn_mask=attn_mask)
        return x
