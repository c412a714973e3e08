import torch.nn as nn


class TinyLM(nn.Module):
    def __init__(self, vocab=50, dim=16):
        super().__init__()
        self.embedding = nn.Embedding(vocab, dim)
        self.mixer = nn.GRU(dim, dim, batch_first=True)
        self.lm_head = nn.Linear(dim, vocab)

    def forward(self, ids):
        h, _ = self.mixer(self.embedding(ids))
        return self.lm_head(h)
