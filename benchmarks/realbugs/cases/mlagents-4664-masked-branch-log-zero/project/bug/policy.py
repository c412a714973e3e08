import torch
from torch import nn
from distributions import MultiCategoricalDistribution


class ActorCritic(nn.Module):
    def __init__(self, obs_size, act_sizes, hidden=32):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(obs_size, hidden), nn.ReLU())
        self.action_model = MultiCategoricalDistribution(hidden, act_sizes)
        self.value_head = nn.Linear(hidden, 1)

    def evaluate(self, obs, masks, actions):
        h = self.body(obs)
        dists = self.action_model(h, masks)
        log_probs = torch.stack([d.log_prob(a) for d, a in zip(dists, actions.unbind(-1))], -1)
        entropy = torch.stack([d.entropy() for d in dists], -1)
        return log_probs, entropy, self.value_head(h).squeeze(-1)
