import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.distributions import Beta


class BetaActorCritic(nn.Module):
    """Beta policy for a [0, 1] action space (Chou et al., 2017): alpha, beta = softplus(.) + 1."""

    def __init__(self, obs_dim, act_dim, hidden=32):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(obs_dim, hidden), nn.Tanh())
        self.alpha_head = nn.Linear(hidden, act_dim)
        self.beta_head = nn.Linear(hidden, act_dim)
        self.value_head = nn.Linear(hidden, 1)

    def dist(self, obs):
        h = self.body(obs)
        alpha = F.softplus(self.alpha_head(h)) + 1.0
        beta = F.softplus(self.beta_head(h)) + 1.0
        return Beta(alpha, beta)

    def act(self, obs):
        with torch.no_grad():
            d = self.dist(obs)
            action = d.sample()
            return action, d.log_prob(action).sum(-1)

    def evaluate(self, obs, actions):
        d = self.dist(obs)
        log_probs = d.log_prob(actions.clamp(1e-6, 1 - 1e-6)).sum(-1)
        return log_probs, d.entropy().sum(-1), self.value_head(self.body(obs)).squeeze(-1)
