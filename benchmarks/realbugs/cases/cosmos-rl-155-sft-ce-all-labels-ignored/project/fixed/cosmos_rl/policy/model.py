import torch.nn as nn


class TinyCausalLM(nn.Module):
    def __init__(self, vocab_size=200, hidden=32):
        super().__init__()
        self.embed = nn.Embedding(vocab_size, hidden)
        self.rnn = nn.GRU(hidden, hidden, batch_first=True)
        self.lm_head = nn.Linear(hidden, vocab_size)

    def forward(self, input_ids):
        h, _ = self.rnn(self.embed(input_ids))
        return self.lm_head(h)
