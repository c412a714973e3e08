import torch
import torch.nn as nn


class Agent(nn.Module):
    def __init__(self, obs_dim=6, n_actions=3):
        super().__init__()
        self.actor = nn.Linear(obs_dim, n_actions)
        self.critic = nn.Linear(obs_dim, 1)

    def get_value(self, x):
        return self.critic(x).squeeze(-1)

    def get_action_and_value(self, x, action):
        dist = torch.distributions.Categorical(logits=self.actor(x))
        return action, dist.log_prob(action), dist.entropy(), self.get_value(x)
