import torch.nn as nn


class PolicyMLP(nn.Module):
    def __init__(self, obs_dim, n_actions, hidden=64):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(obs_dim, hidden), nn.ReLU(), nn.Linear(hidden, hidden), nn.ReLU(), nn.Linear(hidden, n_actions))
        self.softmax = nn.Softmax(dim=-1)

    def forward(self, x):
        return self.softmax(self.net(x))
