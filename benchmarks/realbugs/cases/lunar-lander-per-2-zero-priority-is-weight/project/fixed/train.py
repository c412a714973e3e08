import torch

from dqn_agent import Agent
from replay_buffer import PrioritizedReplayBuffer

torch.manual_seed(0)

memory = PrioritizedReplayBuffer(buffer_size=64, batch_size=16)
agent = Agent(state_size=8, action_size=4, memory=memory)

for t in range(64):
    state = torch.randn(8)
    action = torch.tensor(t % 4)
    done = torch.tensor(float(t % 8 == 7))
    reward = torch.tensor(1.0 if t % 16 == 15 else 0.0)
    memory.add(state, action, reward, torch.randn(8), done)

losses = []
for step in range(4):
    losses.append(agent.learn())
loss = losses[-1]
model = agent.qnetwork_local
