# https://github.com/sweetice/Deep-reinforcement-learning-with-pytorch/issues/35 - fix from the thread: pass the sigma head through softplus so the scale is positive.
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.distributions import Normal

torch.manual_seed(0)
fc1 = nn.Linear(3, 16)
mu_head = nn.Linear(16, 1)
sigma_head = nn.Linear(16, 1)
state = torch.randn(4, 3)

x = F.leaky_relu(fc1(state))
mu = 2.0 * torch.tanh(mu_head(x))
sigma = F.softplus(sigma_head(x)) + 1e-5
dist = Normal(mu, sigma)
action = dist.sample()
action_log_prob = dist.log_prob(action)
print(sigma.squeeze(), action_log_prob.squeeze())
