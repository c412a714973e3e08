import torch
from policy import ActorCritic

torch.manual_seed(0)
act_sizes = [4, 3]
policy = ActorCritic(obs_size=6, act_sizes=act_sizes)
optimizer = torch.optim.Adam(policy.parameters(), lr=3e-4)

obs = torch.randn(8, 6)
masks = torch.ones(8, sum(act_sizes))
masks[2, 1] = 0.0
masks[5, 4:6] = 0.0
actions = torch.stack([torch.tensor([0, 2, 3, 1, 0, 2, 1, 3]), torch.tensor([1, 0, 2, 1, 2, 2, 0, 1])], -1)
advantages = torch.randn(8)
returns = torch.randn(8)

for epoch in range(2):
    log_probs, entropy, values = policy.evaluate(obs, masks, actions)
    policy_loss = -(log_probs.sum(-1) * advantages).mean()
    loss = policy_loss + 0.5 * (returns - values).pow(2).mean() - 0.01 * entropy.mean()
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    print(epoch, loss.item())
