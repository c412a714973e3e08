# https://github.com/rlworkgroup/garage/pull/2129 - fix from the PR: invert an equivalent sigmoid stretched to (-1 - eps, 1 + eps), so a boundary action gets a finite (very small) log-likelihood.
import torch
import torch.nn as nn
from torch.distributions import Independent, Normal

torch.manual_seed(0)
policy = nn.Linear(3, 4)
obs = torch.randn(5, 3)
expert_actions = torch.rand(5, 2) * 2 - 1
expert_actions[2, 0] = 1.0  # an expert action clipped to the edge of the action space

mean, log_std = policy(obs).chunk(2, dim=-1)
normal = Independent(Normal(mean, log_std.exp()), 1)
pre_tanh = torch.log((1 + 1e-6 + expert_actions) / (1 + 1e-6 - expert_actions)) / 2
log_prob = normal.log_prob(pre_tanh) - torch.sum(torch.log((1.0 - expert_actions**2).clamp(0.0, 1.0) + 1e-6), dim=-1)
loss = -log_prob.mean()
loss.backward()
grad = policy.weight.grad
print(log_prob, loss.item())
