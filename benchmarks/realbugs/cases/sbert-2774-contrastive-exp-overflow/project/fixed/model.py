import torch.nn as nn


class SentenceEncoder(nn.Module):
    def __init__(self, vocab_size=100, dim=32):
        super().__init__()
        self.embedding = nn.EmbeddingBag(vocab_size, dim, mode="mean")
        self.encoder = nn.Linear(dim, dim)

    def forward(self, token_ids):
        return self.encoder(self.embedding(token_ids))
