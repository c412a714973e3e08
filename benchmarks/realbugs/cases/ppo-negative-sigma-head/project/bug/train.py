import numpy as np
import torch

from ppo import PPO

torch.manual_seed(3)
rng = np.random.default_rng(0)
agent = PPO(num_state=3)

state = rng.normal(size=3)
log_probs = []
for t in range(8):
    action, action_log_prob = agent.select_action(state)
    next_state = np.clip(state + 0.1 * action + rng.normal(scale=0.05, size=3), -3, 3)
    reward = -float(np.sum(next_state**2))
    agent.store_transition((state, action, action_log_prob, reward, next_state))
    log_probs.append(action_log_prob)
    state = next_state
log_probs = torch.tensor(log_probs)
print(log_probs)
