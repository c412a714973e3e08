import torch
from grpo_trainer import GRPOAdvantages

torch.manual_seed(0)
nan = float("nan")
rewards_per_func = torch.tensor([
    [1.0, 0.2], [0.0, 0.5], [1.0, 0.9], [0.0, 0.1],
    [1.0, 0.7], [nan, nan], [nan, nan], [nan, nan],
])
reward_weights = torch.tensor([1.0, 0.5])
policy_logps = torch.randn(8, requires_grad=True)

adv = GRPOAdvantages(num_generations=4)
advantages, valid = adv.compute(rewards_per_func, reward_weights)
loss = -(advantages * policy_logps[valid]).mean()
loss.backward()
print("loss", loss.item())
