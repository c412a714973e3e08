import torch

from agent import Agent

torch.manual_seed(0)
env_max_action = [2.0, 2.0]
agent = Agent(input_dims=6, env_max_action=env_max_action)
actor = agent.actor
opt = torch.optim.Adam(actor.parameters(), lr=3e-4)
states = torch.randn(16, 6)
actor_loss = agent.actor_loss(states)
opt.zero_grad()
actor_loss.backward()
print(actor_loss.item())
