import torch
import torch.nn as nn

from network.policy import StateDependentPolicy
from network.utils import build_mlp

torch.manual_seed(0)
state_shape, action_shape = (3,), (1,)
actor = StateDependentPolicy(state_shape, action_shape, hidden_units=(64, 64))
critic = build_mlp(state_shape[0] + action_shape[0], 1, hidden_units=(64, 64), hidden_activation=nn.ReLU())
optim_actor = torch.optim.Adam(actor.parameters(), lr=3e-4)
alpha = 0.2
states = torch.randn(32, 3)                 # a minibatch from the replay buffer (Pendulum-v0)

for step in range(2):
    actions, log_pis = actor.sample(states)
    qs = critic(torch.cat([states, actions], dim=-1))
    loss_actor = alpha * log_pis.mean() - qs.mean()
    optim_actor.zero_grad()
    loss_actor.backward()
    optim_actor.step()
