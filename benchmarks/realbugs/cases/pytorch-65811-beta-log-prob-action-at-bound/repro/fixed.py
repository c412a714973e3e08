# pytorch/pytorch#65811, with the standard fix: keep the evaluated actions strictly inside (0, 1).
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.distributions import Beta

torch.manual_seed(0)
actor = nn.Linear(4, 2)
obs = torch.randn(3, 4)
actions = torch.tensor([0.3, 1.0, 0.7])          # the second action was clipped to the upper bound
old_log_probs = torch.tensor([-0.2, -0.5, -0.1])
advantages = torch.tensor([0.5, 1.0, -0.3])

out = F.softplus(actor(obs)) + 1.0
dist = Beta(out[:, 0], out[:, 1])
log_probs = dist.log_prob(actions.clamp(1e-6, 1 - 1e-6))
ratio = torch.exp(log_probs - old_log_probs)
surr1 = ratio * advantages
surr2 = torch.clamp(ratio, 0.8, 1.2) * advantages
loss = -torch.min(surr1, surr2).mean()
approx_kl = (old_log_probs - log_probs).mean()   # logged, and used for early stopping
loss.backward()
grad = actor.weight.grad
