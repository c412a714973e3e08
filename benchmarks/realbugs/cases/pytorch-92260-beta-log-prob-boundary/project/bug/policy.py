import torch.nn as nn
import torch.nn.functional as F
from torch.distributions import Beta


class BetaPolicy(nn.Module):
    def __init__(self, obs_dim, act_dim, hidden=32):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(obs_dim, hidden), nn.Tanh())
        self.alpha_head = nn.Linear(hidden, act_dim)
        self.beta_head = nn.Linear(hidden, act_dim)

    def forward(self, obs):
        h = self.body(obs)
        alpha = F.softplus(self.alpha_head(h)) + 1.0
        beta = F.softplus(self.beta_head(h)) + 1.0
        return Beta(alpha, beta)
