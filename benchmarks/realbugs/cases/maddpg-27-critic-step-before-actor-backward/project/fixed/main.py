from types import SimpleNamespace

import numpy as np
import torch

from maddpg.maddpg import MADDPG


class Agent:
    def __init__(self, agent_id, args):
        self.args = args
        self.agent_id = agent_id
        self.policy = MADDPG(args, agent_id)

    def learn(self, transitions, other_agents):
        return self.policy.train(transitions, other_agents)


torch.manual_seed(0)
np.random.seed(0)
args = SimpleNamespace(n_agents=2, obs_shape=[6, 6], action_shape=[2, 2], high_action=1.0, lr_actor=1e-4,
                       lr_critic=1e-3, gamma=0.95, tau=0.01)
agents = [Agent(i, args) for i in range(args.n_agents)]

batch_size = 16
transitions = {}
for i in range(args.n_agents):
    transitions['o_%d' % i] = np.random.randn(batch_size, args.obs_shape[i])
    transitions['u_%d' % i] = np.random.uniform(-1, 1, (batch_size, args.action_shape[i]))
    transitions['r_%d' % i] = np.random.randn(batch_size)
    transitions['o_next_%d' % i] = np.random.randn(batch_size, args.obs_shape[i])

for agent in agents:
    other_agents = [a for a in agents if a is not agent]
    agent.learn(dict(transitions), other_agents)
a_loss = agents[0].policy.a_loss
