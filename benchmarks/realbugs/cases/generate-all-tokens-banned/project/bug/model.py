import torch.nn as nn


class TinyLM(nn.Module):
    def __init__(self, vocab_size, dim=8):
        super().__init__()
        self.embed = nn.Embedding(vocab_size, dim)
        self.lm_head = nn.Linear(dim, vocab_size)

    def forward(self, input_ids):
        return self.lm_head(self.embed(input_ids))
