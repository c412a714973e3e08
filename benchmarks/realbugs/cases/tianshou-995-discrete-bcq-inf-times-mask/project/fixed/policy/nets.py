import torch
from torch import nn


class Net(nn.Module):
    def __init__(self, state_dim: int, action_dim: int, hidden: int = 64) -> None:
        super().__init__()
        self.model = nn.Sequential(
            nn.Linear(state_dim, hidden), nn.ReLU(), nn.Linear(hidden, action_dim)
        )

    def forward(self, obs, state=None, info=None):
        return self.model(obs), state
