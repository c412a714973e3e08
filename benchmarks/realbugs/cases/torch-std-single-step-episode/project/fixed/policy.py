import torch.nn as nn
import torch.nn.functional as F


class Policy(nn.Module):
    def __init__(self, obs_dim, n_actions):
        super().__init__()
        self.fc = nn.Linear(obs_dim, 16)
        self.head = nn.Linear(16, n_actions)
        self.saved_log_probs = []
        self.rewards = []

    def forward(self, obs):
        return F.softmax(self.head(F.relu(self.fc(obs))), dim=-1)
