import torch.nn as nn


class SensorRegressor(nn.Module):
    def __init__(self, n_in=6, n_out=3):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(n_in, 16), nn.Tanh(), nn.Linear(16, n_out))

    def forward(self, x):
        return self.net(x)
