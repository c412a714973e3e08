# Fix from the PR: population std (unbiased=False) and (r - mean) / (std + eps), so a
# singleton group gets advantage 0.
import torch
import torch.nn as nn


def normalize_group(rewards: torch.Tensor, group_ids: torch.Tensor, eps: float = 1e-6) -> torch.Tensor:
    """GRPO advantages: z-score the rewards within each prompt group."""
    advantages = torch.zeros_like(rewards)
    for gid in group_ids.unique():
        idx = group_ids == gid
        r = rewards[idx]
        mean = r.mean()
        std = r.std(unbiased=False)
        advantages[idx] = (r - mean) / (std + eps)
    return advantages


class TinyPolicy(nn.Module):
    def __init__(self, obs_dim=8, n_actions=6):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(obs_dim, 32), nn.Tanh())
        self.head = nn.Linear(32, n_actions)

    def log_prob(self, obs, actions):
        logits = self.head(self.body(obs))
        return torch.log_softmax(logits, dim=-1).gather(1, actions[:, None]).squeeze(1)


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
