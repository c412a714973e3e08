import torch

from ppo import PPO

torch.manual_seed(0)

model = PPO(obs_dim=4, n_actions=2, n_steps=5, batch_size=4)
observations = torch.randn(5, 4)
advantages = torch.randn(5)
model.collect_rollouts(observations, advantages)
model.train()
