import torch.nn as nn


class TinyDecoder(nn.Module):
    def __init__(self, vocab_size, d_model=16):
        super().__init__()
        self.embed = nn.Embedding(vocab_size, d_model)
        self.rnn = nn.GRU(d_model, d_model, batch_first=True)
        self.lm_head = nn.Linear(d_model, vocab_size)

    def forward(self, tokens):
        h, _ = self.rnn(self.embed(tokens))
        return self.lm_head(h)
