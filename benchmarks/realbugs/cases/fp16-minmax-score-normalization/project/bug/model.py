import torch.nn as nn


class ColBERT(nn.Module):
    """Token-level encoder: one embedding per token, projected to a small dimension."""

    def __init__(self, vocab_size=50, hidden=16, dim=8):
        super().__init__()
        self.embed = nn.Embedding(vocab_size, hidden)
        self.mixer = nn.Linear(hidden, hidden)
        self.linear = nn.Linear(hidden, dim, bias=False)

    def forward(self, features):
        h = self.embed(features["input_ids"])
        h = h + self.mixer(h).relu()
        return {"token_embeddings": self.linear(h)}
