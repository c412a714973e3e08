import torch
import torch.nn as nn

torch.manual_seed(0)

qnet = nn.Sequential(nn.Linear(4, 16), nn.ReLU(), nn.Linear(16, 2))
nn.init.zeros_(qnet[2].weight)
nn.init.zeros_(qnet[2].bias)
optimizer = torch.optim.Adam(qnet.parameters(), lr=1e-3)

N, beta = 8, 0.4
states = torch.randn(N, 4)
actions = torch.randint(0, 2, (N,))
rewards = torch.zeros(N)
rewards[:4] = 1.0
dones = torch.ones(N)
priorities = torch.ones(N)

with torch.no_grad():
    td = rewards - qnet(states).gather(1, actions[:, None]).squeeze(1)
priorities = td.abs() + 1e-5
probs = priorities / priorities.sum()
idx = torch.arange(N)
weights = (N * priorities[idx]) ** (-beta)
weights_max = weights.max()
weights = weights / weights_max
q = qnet(states[idx]).gather(1, actions[idx, None]).squeeze(1)
loss = (weights * (q - rewards[idx]) ** 2).mean()
optimizer.zero_grad()
loss.backward()
optimizer.step()
