import torch.nn as nn


class Regressor(nn.Module):
    def __init__(self, d_in=8, d_hidden=16, d_out=4):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(d_in, d_hidden), nn.ReLU())
        self.head = nn.Linear(d_hidden, d_out)
        # zero-initialised output layer so the model starts from a zero prediction
        nn.init.zeros_(self.head.weight)
        nn.init.zeros_(self.head.bias)

    def forward(self, x):
        return self.head(self.body(x))
