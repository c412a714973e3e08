"""Text classifier: embeddings, one multi-head self-attention layer, first-position readout."""
import torch.nn as nn

from utils import seq_len_to_mask


class SelfAttentionEncoder(nn.Module):
    def __init__(self, embed_dim, num_heads, dropout=0.0):
        super().__init__()
        self.attn = nn.MultiheadAttention(embed_dim, num_heads, dropout=dropout)
        self.norm = nn.LayerNorm(embed_dim)

    def forward(self, x, key_padding_mask):
        out, attn_weights = self.attn(x, x, x, key_padding_mask=key_padding_mask)
        return self.norm(out + x), attn_weights


class TextClassifier(nn.Module):
    def __init__(self, vocab_size=50, embed_dim=16, num_heads=2, n_classes=3):
        super().__init__()
        self.embed = nn.Embedding(vocab_size, embed_dim, padding_idx=0)
        self.encoder = SelfAttentionEncoder(embed_dim, num_heads)
        self.fc = nn.Linear(embed_dim, n_classes)

    def forward(self, tokens, seq_len):
        x = self.embed(tokens).transpose(0, 1)  # (L, B, E)
        key_padding_mask = seq_len_to_mask(seq_len, max_len=tokens.size(1))
        h, _ = self.encoder(x, key_padding_mask)
        return self.fc(h[0])
