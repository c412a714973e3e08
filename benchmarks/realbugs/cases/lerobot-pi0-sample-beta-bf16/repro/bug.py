# https://github.com/huggingface/lerobot/issues/1096 -- Pi0's sample_beta returns gamma1 / (gamma1 + gamma2) of powered uniform draws; in bfloat16 both draws are often exactly 0 and the flow-matching time is 0/0 = NaN.
import torch
import torch.nn as nn

torch.manual_seed(593)
dtype = torch.bfloat16
bsize, action_dim = 256, 4
velocity_net = nn.Linear(action_dim + 1, action_dim).to(dtype)
actions = torch.randn(bsize, action_dim, dtype=dtype)

gamma1 = torch.empty((bsize,), dtype=dtype).uniform_(0, 1).pow(1 / 1.5)
gamma2 = torch.empty((bsize,), dtype=dtype).uniform_(0, 1).pow(1 / 1.0)
time_beta = gamma1 / (gamma1 + gamma2)
time = time_beta * 0.999 + 0.001

noise = torch.randn_like(actions)
t = time[:, None]
x_t = t * noise + (1 - t) * actions
u_t = noise - actions
v_t = velocity_net(torch.cat([x_t, t], dim=-1))
loss = (u_t - v_t).pow(2).mean()
loss.backward()
