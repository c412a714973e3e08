import torch.nn as nn

from pooling import masked_mean


class SetEncoder(nn.Module):
    def __init__(self, d_in, d_hidden):
        super().__init__()
        self.proj = nn.Linear(d_in, d_hidden)
        self.head = nn.Linear(d_hidden, 1)

    def forward(self, items, mask):
        h = self.proj(items).tanh()
        return self.head(masked_mean(h, mask)).squeeze(-1)
