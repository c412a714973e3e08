import torch
import torch.nn as nn


class BiEncoder(nn.Module):
    def __init__(self, vocab_size=100, hidden=32):
        super().__init__()
        self.embed = nn.EmbeddingBag(vocab_size, hidden, mode="mean")
        self.proj = nn.Linear(hidden, hidden)

    def encode(self, ids):
        return self.proj(self.embed(ids))

    def forward(self, query_ids, doc_ids, neg_ids):
        b, k, L = neg_ids.shape
        negs = self.encode(neg_ids.view(b * k, L)).view(b, k, -1)
        return self.encode(query_ids), self.encode(doc_ids), negs
