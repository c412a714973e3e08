import torch.nn as nn


class TokenPredictor(nn.Module):
    def __init__(self, n_in=6, n_out=4, hidden=16):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(n_in, hidden), nn.GELU(), nn.Linear(hidden, n_out))

    def forward(self, tokens):
        return self.net(tokens)
