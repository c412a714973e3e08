import copy
import torch
from dqn import QNet, dqn_loss
from trainers import RewardNormalizer

torch.manual_seed(0)
qnet = QNet()
target_net = copy.deepcopy(qnet)
optimizer = torch.optim.Adam(qnet.parameters(), lr=1e-3)
normalizer = RewardNormalizer()


def collect(n=32):
    return {"obs": torch.randn(n, 4), "action": torch.randint(0, 2, (n,)), "next_obs": torch.randn(n, 4),
            "reward": torch.zeros(n), "done": torch.zeros(n)}


for it in range(2):
    batch = collect()
    normalizer.update_reward_stats(batch)
    batch = normalizer.normalize_reward(batch)
    loss = dqn_loss(qnet, target_net, batch)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    print(it, loss.item())
