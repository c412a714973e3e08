import torch.nn as nn


class StopPredictor(nn.Module):
    """Small decoder head that scores the next token, EOS included."""

    def __init__(self, d_in=8, vocab_size=10):
        super().__init__()
        self.proj = nn.Linear(d_in, 16)
        self.lm_head = nn.Linear(16, vocab_size)

    def forward(self, h):
        return self.lm_head(self.proj(h).tanh())
