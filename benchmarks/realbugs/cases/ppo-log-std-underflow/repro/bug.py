# https://github.com/leggedrobotics/rsl_rl/pull/190 - the learnable log_std is exponentiated without bounds; once training drives it below about -104, std underflows to exactly 0 in float32 and the Gaussian log-probabilities are NaN.
import torch
import torch.nn as nn
from torch.distributions import Normal

Normal.set_default_validate_args(False)
torch.manual_seed(0)
actor = nn.Linear(4, 3)
log_std = nn.Parameter(torch.full((3,), -105.0))  # exploration noise collapsed during training
obs = torch.randn(5, 4)

mean = actor(obs)
std = torch.exp(log_std).expand_as(mean)
distribution = Normal(mean, std)
actions = distribution.sample()
actions_log_prob = distribution.log_prob(actions).sum(dim=-1)
advantages = torch.randn(5)
loss = -(actions_log_prob * advantages).mean()
print(std[0], actions_log_prob)
