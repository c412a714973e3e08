import torch
import torch.nn as nn


class ContactHead(nn.Module):
    """Pairwise contact logits from per-residue embeddings (outer product + linear)."""

    def __init__(self, dim=16):
        super().__init__()
        self.proj = nn.Linear(dim, dim)
        self.out = nn.Linear(dim, 1)

    def forward(self, emb):
        pair = self.proj(emb)[:, :, None, :] * self.proj(emb)[:, None, :, :]
        return self.out(pair).squeeze(-1)
