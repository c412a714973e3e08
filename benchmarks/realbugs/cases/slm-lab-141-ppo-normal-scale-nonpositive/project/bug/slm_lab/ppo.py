import torch
import torch.nn as nn
from slm_lab import policy_util


class PPO:
    def __init__(self, state_dim=3, hidden=16, clip_eps=0.2):
        self.net = nn.Sequential(nn.Linear(state_dim, hidden), nn.Tanh(), nn.Linear(hidden, 2))
        self.clip_eps = clip_eps
        self.optim = torch.optim.Adam(self.net.parameters(), lr=3e-4)

    def calc_pdparam(self, state):
        return self.net(state)

    def calc_policy_loss(self, states, actions, old_log_probs, advs):
        action_pd = policy_util.init_action_pd(states, self)
        log_probs = action_pd.log_prob(actions)
        ratios = torch.exp(log_probs - old_log_probs)
        sur1 = ratios * advs
        sur2 = torch.clamp(ratios, 1 - self.clip_eps, 1 + self.clip_eps) * advs
        return -torch.min(sur1, sur2).mean() - 0.01 * action_pd.entropy().mean()

    def train(self, batch):
        loss = self.calc_policy_loss(batch["states"], batch["actions"], batch["old_log_probs"], batch["advs"])
        self.optim.zero_grad()
        loss.backward()
        self.optim.step()
        return loss
