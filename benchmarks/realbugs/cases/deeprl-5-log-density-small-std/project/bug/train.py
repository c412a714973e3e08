import torch
from deep_rl.network import GaussianActorNet
from deep_rl.utils import log_density

torch.manual_seed(0)
actor = GaussianActorNet(state_dim=3, action_dim=2)
checkpoint = actor.state_dict()
checkpoint["action_log_std"] = torch.full((1, 2), -60.0)
actor.load_state_dict(checkpoint)
optimizer = torch.optim.Adam(actor.parameters(), lr=1e-4)

states = torch.randn(8, 3)
with torch.no_grad():
    old_mean, _, _ = actor(states)
actions = old_mean + torch.randn(8, 2) * 1e-3
advantages = torch.randn(8)
for epoch in range(2):
    mean, log_std, std = actor(states)
    log_prob = log_density(actions, mean, log_std, std)
    loss = -(log_prob * advantages).mean()
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    print(epoch, loss.item())
