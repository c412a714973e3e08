import torch
import torch.nn as nn


class CondNeRFModel(nn.Module):
    def __init__(self, num_layers=2, hidden_size=32, include_input_xyz=True, out_channel=3, codesize=8):
        super().__init__()
        self.dim_xyz = 3 if include_input_xyz else 0
        self.layers = nn.ModuleList()
        in_dim = self.dim_xyz + codesize
        for _ in range(num_layers):
            self.layers.append(nn.Linear(in_dim, hidden_size))
            in_dim = hidden_size
        self.fc_out = nn.Linear(hidden_size, out_channel + 1)

    def forward(self, x, code):
        h = torch.cat([x, code], dim=-1)
        for layer in self.layers:
            h = torch.relu(layer(h))
        # bounded deformation and confidence
        return torch.tanh(self.fc_out(h))
