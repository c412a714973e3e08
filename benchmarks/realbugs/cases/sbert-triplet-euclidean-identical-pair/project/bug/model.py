import torch.nn as nn


class MeanPoolingEncoder(nn.Module):
    def __init__(self, vocab=50, dim=8):
        super().__init__()
        self.embeddings = nn.EmbeddingBag(vocab, dim, mode="mean")

    def forward(self, token_ids):
        return self.embeddings(token_ids)
