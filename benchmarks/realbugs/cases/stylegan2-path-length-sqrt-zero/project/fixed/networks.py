import torch
import torch.nn as nn


class MappingNetwork(nn.Module):
    def __init__(self, z_dim=8, w_dim=8, num_ws=2):
        super().__init__()
        self.num_ws = num_ws
        self.fc = nn.Linear(z_dim, w_dim)

    def forward(self, z):
        return self.fc(z).unsqueeze(1).repeat(1, self.num_ws, 1)


class SynthesisNetwork(nn.Module):
    def __init__(self, w_dim=8, img_dim=12):
        super().__init__()
        self.fc1 = nn.Linear(w_dim, 16)
        self.fc2 = nn.Linear(16, img_dim)

    def forward(self, ws):
        x = nn.functional.leaky_relu(self.fc1(ws.mean(1)), 0.2)
        return torch.tanh(self.fc2(x))
