import torch.nn as nn


class TinyCausalLM(nn.Module):
    def __init__(self, vocab_size=32, hidden=16):
        super().__init__()
        self.embed = nn.Embedding(vocab_size, hidden)
        self.lm_head = nn.Linear(hidden, vocab_size)

    def forward(self, input_ids):
        return self.lm_head(self.embed(input_ids))
