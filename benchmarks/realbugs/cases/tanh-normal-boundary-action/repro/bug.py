# https://github.com/rlworkgroup/garage/pull/2129 - TanhNormal.log_prob inverts tanh as log((1 + a) / (1 - a)) / 2; an action exactly at the bound 1.0 gives an infinite pre-tanh value and log_prob = -inf.
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
pre_tanh = torch.log((1 + expert_actions) / (1 - expert_actions)) / 2
log_prob = normal.log_prob(pre_tanh) - torch.sum(torch.log((1.0 - expert_actions**2).clamp(0.0, 1.0) + 1e-6), dim=-1)
loss = -log_prob.mean()
loss.backward()
grad = policy.weight.grad
print(log_prob, loss.item())
