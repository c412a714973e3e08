import torch

from policy import BetaActorCritic
from ppo import PPO

torch.manual_seed(0)
obs_dim, act_dim, n = 4, 1, 32
policy = BetaActorCritic(obs_dim, act_dim)
agent = PPO(policy)

obs = torch.randn(n, obs_dim)
actions, log_probs = policy.act(obs)
# the environment wrapper adds exploration noise and clips to the action space;
# the rollout stores the clipped action that was actually executed
executed = torch.clamp(actions + 0.3 * torch.randn_like(actions), 0.0, 1.0)
buf = {"obs": obs, "actions": executed, "log_probs": log_probs,
       "advantages": torch.randn(n), "returns": torch.randn(n)}
stats = agent.update(buf)
approx_kl = stats["approx_kl"]
