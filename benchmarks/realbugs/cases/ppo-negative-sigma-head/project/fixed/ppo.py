import torch
from torch.distributions import Normal

from model import Actor, Critic


class PPO:
    clip_param = 0.2

    def __init__(self, num_state):
        self.actor_net = Actor(num_state)
        self.critic_net = Critic(num_state)
        self.actor_optimizer = torch.optim.Adam(self.actor_net.parameters(), 1e-4)
        self.buffer = []

    def select_action(self, state):
        state = torch.from_numpy(state).float().unsqueeze(0)
        with torch.no_grad():
            mu, sigma = self.actor_net(state)
        dist = Normal(mu, sigma)
        action = dist.sample()
        action_log_prob = dist.log_prob(action)
        action = action.clamp(-2, 2)
        return action.item(), action_log_prob.item()

    def store_transition(self, transition):
        self.buffer.append(transition)
