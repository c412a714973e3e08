import torch.nn as nn


class MPNNHead(nn.Module):
    def __init__(self, n_bits=16, hidden=32, n_tasks=2):
        super().__init__()
        self.ffn = nn.Sequential(nn.Linear(n_bits, hidden), nn.ReLU(), nn.Linear(hidden, n_tasks))

    def forward(self, x):
        return self.ffn(x)
