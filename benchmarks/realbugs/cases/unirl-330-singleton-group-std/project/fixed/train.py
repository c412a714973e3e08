import torch

from unirl.algorithms.normalizers import normalize_group
from unirl.policy import TinyPolicy

torch.manual_seed(0)

policy = TinyPolicy()
optimizer = torch.optim.AdamW(policy.parameters(), lr=1e-4)

# rollouts of 3 prompts
group_ids = torch.tensor([0, 0, 0, 0, 1, 1, 1, 1, 2])
rewards = torch.tensor([0.1, 0.7, 0.4, 0.9, 0.0, 1.0, 1.0, 0.0, 0.6])
obs = torch.randn(9, 8)
actions = torch.randint(0, 6, (9,))

advantages = normalize_group(rewards, group_ids)
logp = policy.log_prob(obs, actions)
loss = -(advantages * logp).mean()
optimizer.zero_grad()
loss.backward()
optimizer.step()
print('loss', loss.item())
