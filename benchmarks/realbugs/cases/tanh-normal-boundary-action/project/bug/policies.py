import torch
import torch.nn as nn

from distributions import TanhNormal


class TanhGaussianMLPPolicy(nn.Module):
    def __init__(self, obs_dim, action_dim, hidden=32, min_std=1e-3, max_std=10.0):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(obs_dim, hidden), nn.ReLU())
        self.mean = nn.Linear(hidden, action_dim)
        self.log_std = nn.Linear(hidden, action_dim)
        self.min_log_std = torch.tensor(min_std).log().item()
        self.max_log_std = torch.tensor(max_std).log().item()

    def forward(self, obs):
        h = self.body(obs)
        log_std = self.log_std(h).clamp(self.min_log_std, self.max_log_std)
        return TanhNormal(self.mean(h), log_std.exp())
