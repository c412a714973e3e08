import torch
from torch.distributions import Normal

torch.manual_seed(0)
reparam_noise = 1e-6
max_action = torch.tensor([2.0, 2.0])
mu = torch.randn(4, 2)
sigma = torch.rand(4, 2) + 0.5
probabilities = Normal(mu, sigma)
actions = probabilities.rsample()
action = torch.tanh(actions) * max_action
log_probs = probabilities.log_prob(actions)
log_probs -= torch.log(1 - torch.tanh(actions).pow(2) + reparam_noise)
log_probs = log_probs.sum(1, keepdim=True)
print(log_probs)
