import torch
import torch.nn as nn


class SourceGate(nn.Module):
    def __init__(self, hidden):
        super().__init__()
        self.gate_layer = nn.Linear(hidden, 1)

    def forward(self, decoder_hidden):
        return torch.sigmoid(self.gate_layer(decoder_hidden)).squeeze(-1)
