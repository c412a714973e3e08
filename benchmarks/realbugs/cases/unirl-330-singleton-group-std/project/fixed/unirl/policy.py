import torch
import torch.nn as nn


class TinyPolicy(nn.Module):
    def __init__(self, obs_dim=8, n_actions=6):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(obs_dim, 32), nn.Tanh())
        self.head = nn.Linear(32, n_actions)

    def log_prob(self, obs, actions):
        logits = self.head(self.body(obs))
        return torch.log_softmax(logits, dim=-1).gather(1, actions[:, None]).squeeze(1)
