import torch
import torch.nn as nn

from gumbel import Gumbel


class GumbelMaxPolicy(nn.Module):
    """Relaxed categorical policy: perturbs logits with Gumbel noise and softmaxes at temperature tau."""

    def __init__(self, obs_dim, num_actions, tau=0.5):
        super().__init__()
        self.logits = nn.Linear(obs_dim, num_actions)
        self.log_scale = nn.Parameter(torch.zeros(num_actions))
        self.tau = tau

    def forward(self, obs, uniform=None):
        logits = self.logits(obs)
        noise = Gumbel(torch.zeros_like(logits), self.log_scale.exp().expand_as(logits))
        perturbed = logits + noise.rsample(uniform=uniform)
        return perturbed, torch.softmax(perturbed / self.tau, dim=-1)
