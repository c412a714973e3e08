import torch.nn as nn
from activations import ExpSaturate


class GatedRegressor(nn.Module):
    def __init__(self, n_in=4, hidden=6):
        super().__init__()
        self.gate_proj = nn.Linear(n_in, hidden)
        self.value_proj = nn.Linear(n_in, hidden)
        self.gate_act = ExpSaturate()
        self.out = nn.Linear(hidden, 1)

    def forward(self, x):
        return self.out(self.gate_act(self.gate_proj(x)) * self.value_proj(x))
