import torch
import torch.nn as nn


class GaussianActorNet(nn.Module):
    def __init__(self, state_dim, action_dim, hidden=32):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(state_dim, hidden), nn.Tanh(), nn.Linear(hidden, action_dim))
        self.action_log_std = nn.Parameter(torch.zeros(1, action_dim))

    def forward(self, x):
        mean = self.body(x)
        log_std = self.action_log_std.expand_as(mean)
        return mean, log_std, log_std.exp()
