# https://github.com/toshikwa/gail-airl-ppo.pytorch/issues/13 -- StateDependentPolicy.sample splits the
# network output with chunk(2) and clamps the log-std half in place with clamp_; an output of chunk is a
# view of a multi-output view function, and modifying it in place raises while training the SAC expert.
import math

import torch
import torch.nn as nn

torch.manual_seed(0)
net = nn.Sequential(nn.Linear(3, 64), nn.Tanh(), nn.Linear(64, 2 * 1))
states = torch.randn(8, 3)

means, log_stds = net(states).chunk(2, dim=-1)
log_stds = log_stds.clamp_(-20, 2)
noises = torch.randn_like(means)
us = means + noises * log_stds.exp()
actions = torch.tanh(us)
gaussian_log_probs = (-0.5 * noises.pow(2) - log_stds).sum(dim=-1, keepdim=True) - 0.5 * math.log(2 * math.pi) * log_stds.size(-1)
log_pis = gaussian_log_probs - torch.log(1 - actions.pow(2) + 1e-6).sum(dim=-1, keepdim=True)
loss = (0.2 * log_pis - actions).mean()
loss.backward()
