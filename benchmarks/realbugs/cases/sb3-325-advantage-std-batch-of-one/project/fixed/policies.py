import torch
import torch.nn as nn


class ActorCriticPolicy(nn.Module):
    def __init__(self, obs_dim, n_actions):
        super().__init__()
        self.action_net = nn.Sequential(nn.Linear(obs_dim, 32), nn.Tanh(), nn.Linear(32, n_actions))

    def get_distribution(self, obs):
        return torch.distributions.Categorical(logits=self.action_net(obs))

    def evaluate_actions(self, obs, actions):
        return self.get_distribution(obs).log_prob(actions)
