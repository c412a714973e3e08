"""Actor-critic agent; the actor scores the candidate actions like the LLM policy does."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class LLMAgent(nn.Module):
    def __init__(self, obs_dim=8, n_actions=4, hidden=32):
        super().__init__()
        self.actor = nn.Sequential(nn.Linear(obs_dim, hidden), nn.Tanh(), nn.Linear(hidden, n_actions))
        self.critic = nn.Sequential(nn.Linear(obs_dim, hidden), nn.Tanh(), nn.Linear(hidden, 1))

    def get_value(self, obs):
        return self.critic(obs)

    def get_action_and_value(self, obs, action=None, return_value=True):
        log_probs = F.log_softmax(self.actor(obs), dim=-1)
        if action is None:
            action = torch.multinomial(log_probs.exp(), 1).squeeze(-1)
        entropy = -(log_probs.exp() * log_probs).sum(-1)
        value = self.critic(obs) if return_value else None
        return action, log_probs.gather(-1, action[:, None]).squeeze(-1), entropy, value
