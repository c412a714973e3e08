import torch

from agent import Agent
from config import TrainingConfig
from ppo import ppo_update

torch.manual_seed(0)

cfg = TrainingConfig()
agent = Agent()
optimizer = torch.optim.Adam(agent.parameters(), lr=cfg.lr, eps=1e-5)
b_obs = torch.randn(cfg.batch_size, 6)
b_actions = torch.randint(0, 3, (cfg.batch_size,))
with torch.no_grad():
    _, b_logprobs, _, _ = agent.get_action_and_value(b_obs, b_actions)
b_advantages = torch.randn(cfg.batch_size)
b_returns = torch.randn(cfg.batch_size)
loss = ppo_update(agent, optimizer, cfg, b_obs, b_actions, b_logprobs, b_advantages, b_returns)
