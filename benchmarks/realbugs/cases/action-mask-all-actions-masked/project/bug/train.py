import torch
from torch import nn

from action_head import CategoricalActionHead
from env import GridEnv

torch.manual_seed(0)
env = GridEnv()
encoder = nn.Sequential(nn.Linear(6, 16), nn.Tanh())
head = CategoricalActionHead(16, env.n_actions)
optimizer = torch.optim.Adam(list(encoder.parameters()) + list(head.parameters()), lr=2.5e-4)

obs, mask = env.observe()
advantages = torch.tensor([1.0, -0.5, 0.3])
optimizer.zero_grad()
action, logprob, entropy = head(encoder(obs), mask)
loss = -(logprob * advantages).mean() - 0.01 * entropy.mean()
loss.backward()
optimizer.step()
print(action, loss.item())
