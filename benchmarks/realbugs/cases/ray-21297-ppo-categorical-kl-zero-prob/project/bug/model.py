import torch
import torch.nn as nn


class FullyConnectedNetwork(nn.Module):
    def __init__(self, obs_dim, num_outputs, hidden=16):
        super().__init__()
        self.hidden = nn.Sequential(nn.Linear(obs_dim, hidden), nn.Tanh())
        self.logits = nn.Linear(hidden, num_outputs)
        self.value_branch = nn.Linear(hidden, 1)

    def forward(self, obs):
        self._features = self.hidden(obs)
        return self.logits(self._features)

    def value_function(self):
        return self.value_branch(self._features).squeeze(1)
