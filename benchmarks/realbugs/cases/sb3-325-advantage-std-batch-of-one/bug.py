# DLR-RM/stable-baselines3#325: PPO turns NaN when the rollout buffer yields a minibatch of one (advantages.std() is NaN).
import torch
import torch.nn as nn

torch.manual_seed(0)

policy = nn.Sequential(nn.Linear(4, 32), nn.Tanh(), nn.Linear(32, 2))
optimizer = torch.optim.Adam(policy.parameters(), lr=3e-4)
clip_range, normalize_advantage = 0.2, True

n_steps, batch_size = 5, 4  # the last minibatch of the epoch holds a single transition
obs = torch.randn(n_steps, 4)
actions = torch.randint(0, 2, (n_steps,))
old_log_prob = torch.distributions.Categorical(logits=policy(obs)).log_prob(actions).detach()
all_advantages = torch.randn(n_steps)

for start in range(0, n_steps, batch_size):
    idx = torch.arange(start, min(start + batch_size, n_steps))
    log_prob = torch.distributions.Categorical(logits=policy(obs[idx])).log_prob(actions[idx])
    advantages = all_advantages[idx]
    if normalize_advantage:
        advantages = (advantages - advantages.mean()) / (advantages.std() + 1e-8)
    ratio = torch.exp(log_prob - old_log_prob[idx])
    policy_loss_1 = advantages * ratio
    policy_loss_2 = advantages * torch.clamp(ratio, 1 - clip_range, 1 + clip_range)
    policy_loss = -torch.min(policy_loss_1, policy_loss_2).mean()
    optimizer.zero_grad()
    policy_loss.backward()
    optimizer.step()
