import torch
import torch.nn as nn

from utils import build_self_attention_mask


class EncoderBlock(nn.Module):
    def __init__(self, d_model, num_heads, dropout=0.0):
        super().__init__()
        self.num_heads = num_heads
        self.attn = nn.MultiheadAttention(d_model, num_heads, dropout=dropout)
        self.norm1 = nn.LayerNorm(d_model)
        self.ff = nn.Sequential(nn.Linear(d_model, 4 * d_model), nn.ReLU(), nn.Linear(4 * d_model, d_model))
        self.norm2 = nn.LayerNorm(d_model)

    def forward(self, x, padding_mask):
        mask = build_self_attention_mask(padding_mask, self.num_heads)
        h, _ = self.attn(x, x, x, attn_mask=mask)
        x = self.norm1(x + h)
        x = self.norm2(x + self.ff(x))
        return x


class SequenceClassifier(nn.Module):
    def __init__(self, vocab_size, d_model=16, num_heads=2, num_layers=2, num_classes=3):
        super().__init__()
        self.embed = nn.Embedding(vocab_size, d_model, padding_idx=0)
        self.blocks = nn.ModuleList([EncoderBlock(d_model, num_heads) for _ in range(num_layers)])
        self.head = nn.Linear(d_model, num_classes)

    def forward(self, tokens, padding_mask):
        x = self.embed(tokens).transpose(0, 1)
        for block in self.blocks:
            x = block(x, padding_mask)
        x = x.transpose(0, 1).masked_fill(padding_mask.unsqueeze(-1), 0.0)
        pooled = x.sum(1) / (~padding_mask).sum(1, keepdim=True)
        return self.head(pooled)
