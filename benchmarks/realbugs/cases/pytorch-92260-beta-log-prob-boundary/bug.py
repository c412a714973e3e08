import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.distributions import Beta

torch.manual_seed(0)
policy = nn.Linear(6, 4)
obs = torch.randn(8, 6)
expert_actions = torch.rand(8, 2) * 2 - 1
expert_actions[3, 0] = 1.0
low, high = -1.0, 1.0

out = policy(obs)
alpha = F.softplus(out[:, :2]) + 1.0
beta = F.softplus(out[:, 2:]) + 1.0
dist = Beta(alpha, beta)
actions01 = (expert_actions - low) / (high - low)
log_prob = dist.log_prob(actions01).sum(-1)
loss = -log_prob.mean()
loss.backward()
print(loss)
