import torch

from actor_critic import ActorCritic
from ppo import PPO

torch.manual_seed(0)
policy = ActorCritic(num_obs=6, num_actions=3, init_noise_std=1.0, noise_std_type="log")

# resume a long run: the learned exploration noise had collapsed
state = policy.state_dict()
state["log_std"] = torch.full_like(state["log_std"], -105.0)
policy.load_state_dict(state)

alg = PPO(policy)
obs = torch.randn(16, 6)
actions, old_log_prob = alg.act(obs)
advantages = torch.randn(16)
loss = alg.update(obs, actions, old_log_prob, advantages)
print(old_log_prob[:4], loss.item())
