# https://github.com/huggingface/lerobot/issues/1096 -- standard fix: draw the Beta time with torch.distributions.Beta in float32, then cast.
import torch
import torch.nn as nn

torch.manual_seed(593)
dtype = torch.bfloat16
bsize, action_dim = 256, 4
velocity_net = nn.Linear(action_dim + 1, action_dim).to(dtype)
actions = torch.randn(bsize, action_dim, dtype=dtype)

beta_dist = torch.distributions.Beta(torch.tensor(1.5), torch.tensor(1.0))
time_beta = beta_dist.sample((bsize,)).to(dtype)
time = time_beta * 0.999 + 0.001

noise = torch.randn_like(actions)
t = time[:, None]
x_t = t * noise + (1 - t) * actions
u_t = noise - actions
v_t = velocity_net(torch.cat([x_t, t], dim=-1))
loss = (u_t - v_t).pow(2).mean()
loss.backward()
