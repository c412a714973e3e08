import torch as T
from sac_agent import Agent

T.manual_seed(0)
env_max_action = [2.0, 2.0, 2.0]
agent = Agent(input_dims=11, n_actions=3, max_action=env_max_action)
for step in range(2):
    state = T.randn(16, 11)
    actor_loss, log_probs = agent.learn(state)
    print(step, actor_loss.item())
