import torch.nn as nn


class TinyLM(nn.Module):
    def __init__(self, vocab_size=30, dim=16):
        super().__init__()
        self.embed = nn.Embedding(vocab_size, dim)
        self.rnn = nn.GRU(dim, dim, batch_first=True)
        self.lm_head = nn.Linear(dim, vocab_size)

    def forward(self, input_ids):
        h, _ = self.rnn(self.embed(input_ids))
        return self.lm_head(h)
