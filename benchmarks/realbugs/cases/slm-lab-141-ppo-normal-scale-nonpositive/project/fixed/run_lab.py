import torch
from slm_lab.ppo import PPO

torch.manual_seed(0)
agent = PPO()
for epi in range(2):
    batch = {"states": torch.randn(16, 3), "actions": torch.randn(16), "old_log_probs": torch.full((16,), -1.0),
             "advs": torch.randn(16)}
    loss = agent.train(batch)
    print(epi, loss.item())
