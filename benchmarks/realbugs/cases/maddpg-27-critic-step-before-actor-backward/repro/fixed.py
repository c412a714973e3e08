# fixed as the maintainer suggested in MADDPG#27: update the critic right after its loss, before the actor loss
# is built through the critic.
# starry-sky6688/MADDPG#27: reordering the MADDPG update to "critic first, then actor" (as in the paper) runs
# critic_optim.step() -- an in-place update of the critic weights -- before actor_loss.backward() goes back
# through the same critic forward pass: "modified by an inplace operation".
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
obs_dim, act_dim, batch = 6, 2, 16
actor = nn.Sequential(nn.Linear(obs_dim, 64), nn.ReLU(), nn.Linear(64, act_dim), nn.Tanh())
critic = nn.Sequential(nn.Linear(obs_dim + act_dim, 64), nn.ReLU(), nn.Linear(64, 1))
actor_optim = torch.optim.Adam(actor.parameters(), lr=1e-4)
critic_optim = torch.optim.Adam(critic.parameters(), lr=1e-3)

o, u, target_q = torch.randn(batch, obs_dim), torch.rand(batch, act_dim) * 2 - 1, torch.randn(batch, 1)
q_value = critic(torch.cat([o, u], dim=1))
critic_loss = (target_q - q_value).pow(2).mean()
critic_optim.zero_grad()
critic_loss.backward()
critic_optim.step()
actor_loss = - critic(torch.cat([o, actor(o)], dim=1)).mean()

actor_optim.zero_grad()
actor_loss.backward()
actor_optim.step()
