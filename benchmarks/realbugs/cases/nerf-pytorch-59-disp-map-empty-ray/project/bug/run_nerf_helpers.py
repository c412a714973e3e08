import torch
import torch.nn as nn


class NeRF(nn.Module):
    def __init__(self, D=3, W=32, input_ch=3):
        super().__init__()
        layers = [nn.Linear(input_ch, W)] + [nn.Linear(W, W) for _ in range(D - 1)]
        self.pts_linears = nn.ModuleList(layers)
        self.output_linear = nn.Linear(W, 4)

    def forward(self, x):
        h = x
        for layer in self.pts_linears:
            h = torch.relu(layer(h))
        return self.output_linear(h)
