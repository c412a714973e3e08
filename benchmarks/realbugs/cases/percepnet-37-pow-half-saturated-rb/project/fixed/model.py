import torch
import torch.nn as nn


class PercepNet(nn.Module):
    def __init__(self, input_dim=70):
        super().__init__()
        self.fc = nn.Sequential(nn.Linear(input_dim, 128), nn.Sigmoid())
        self.gru1 = nn.GRU(128, 128, batch_first=True)
        self.gru_gb = nn.GRU(128, 128, batch_first=True)
        self.gru_rb = nn.GRU(128, 64, batch_first=True)
        self.fc_gb = nn.Sequential(nn.Linear(128, 34), nn.Sigmoid())
        self.fc_rb = nn.Sequential(nn.Linear(64, 34), nn.Sigmoid())

    def forward(self, x):
        x = self.fc(x)
        x, _ = self.gru1(x)
        g, _ = self.gru_gb(x)
        r, _ = self.gru_rb(x)
        return self.fc_gb(g), self.fc_rb(r)
