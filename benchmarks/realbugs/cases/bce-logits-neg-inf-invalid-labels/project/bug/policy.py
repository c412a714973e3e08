import torch
import torch.nn as nn


class ActionScorer(nn.Module):
    def __init__(self, obs_dim=10, n_actions=6):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(obs_dim, 32), nn.ReLU(), nn.Linear(32, n_actions))

    def forward(self, obs, feasible):
        logits = self.net(obs)
        return logits.masked_fill(~feasible, float("-inf"))
