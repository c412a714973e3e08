import torch

from policy import Policy
from reinforce import finish_episode, select_action

torch.manual_seed(0)


class ToyEnv:
    def __init__(self, max_steps):
        self.max_steps = max_steps

    def reset(self):
        self.t = 0
        return torch.randn(1, 4)

    def step(self, action):
        self.t += 1
        return torch.randn(1, 4), float(action == 1), self.t >= self.max_steps


policy = Policy(4, 2)
optimizer = torch.optim.Adam(policy.parameters(), lr=1e-2)
env = ToyEnv(max_steps=1)
obs = env.reset()
done = False
while not done:
    action = select_action(policy, obs)
    obs, reward, done = env.step(action)
    policy.rewards.append(reward)
loss = finish_episode(policy, optimizer)
print(loss.item())
