import torch

from policy import GumbelMaxPolicy

torch.manual_seed(0)

policy = GumbelMaxPolicy(obs_dim=6, num_actions=4)
optimizer = torch.optim.Adam(policy.parameters(), lr=1e-3)

obs = torch.randn(8, 6)
returns = torch.randn(8, 4)
# uniform_() draws from [0, 1): here one of the 32 draws is exactly 0.0
uniform = torch.rand(8, 4)
uniform[3, 2] = 0.0

perturbed, actions = policy(obs, uniform=uniform)
loss = -(actions * returns).sum(-1).mean() + 1e-3 * perturbed.pow(2).mean()
optimizer.zero_grad()
loss.backward()
optimizer.step()
