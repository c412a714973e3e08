# https://github.com/sweetice/Deep-reinforcement-learning-with-pytorch/issues/35 - the actor's sigma head is a plain Linear, so sigma can be negative and Normal(mu, sigma) is invalid (its log_prob takes log(sigma)).
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
sigma = sigma_head(x)
dist = Normal(mu, sigma)
action = dist.sample()
action_log_prob = dist.log_prob(action)
print(sigma.squeeze(), action_log_prob.squeeze())
