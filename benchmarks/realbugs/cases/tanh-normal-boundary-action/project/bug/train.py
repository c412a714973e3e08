import numpy as np
import torch

from policies import TanhGaussianMLPPolicy

torch.manual_seed(0)
rng = np.random.default_rng(0)
action_low, action_high = -1.0, 1.0

expert_obs = rng.normal(size=(16, 3)).astype(np.float32)
expert_actions = np.clip(rng.normal(scale=0.6, size=(16, 2)), action_low, action_high).astype(np.float32)
obs = torch.from_numpy(expert_obs)
actions = torch.from_numpy(expert_actions)

policy = TanhGaussianMLPPolicy(obs_dim=3, action_dim=2)
optimizer = torch.optim.Adam(policy.parameters(), lr=3e-4)

for step in range(1):
    optimizer.zero_grad()
    dist = policy(obs)
    log_prob = dist.log_prob(actions)
    loss = -log_prob.mean()
    loss.backward()
    optimizer.step()
    print(step, loss.item(), (actions.abs() == 1).sum().item())
