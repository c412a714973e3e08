import torch.nn as nn


class TinyGPT(nn.Module):
    def __init__(self, vocab_size=64, dim=16):
        super().__init__()
        self.wte = nn.Embedding(vocab_size, dim)
        self.rnn = nn.GRU(dim, dim, batch_first=True)
        self.lm_head = nn.Linear(dim, vocab_size)

    def forward(self, idx):
        h, _ = self.rnn(self.wte(idx))
        return self.lm_head(h)
