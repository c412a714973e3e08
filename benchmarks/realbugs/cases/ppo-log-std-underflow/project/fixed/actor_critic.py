import torch
import torch.nn as nn
from torch.distributions import Normal


class ActorCritic(nn.Module):
    def __init__(self, num_obs, num_actions, init_noise_std=1.0, noise_std_type="log"):
        super().__init__()
        self.actor = nn.Sequential(nn.Linear(num_obs, 32), nn.ELU(), nn.Linear(32, num_actions))
        self.critic = nn.Sequential(nn.Linear(num_obs, 32), nn.ELU(), nn.Linear(32, 1))
        self.noise_std_type = noise_std_type
        if noise_std_type == "scalar":
            self.std = nn.Parameter(init_noise_std * torch.ones(num_actions))
        else:
            self.log_std = nn.Parameter(torch.log(init_noise_std * torch.ones(num_actions)))
        self.distribution = None
        Normal.set_default_validate_args(False)

    def update_distribution(self, observations):
        mean = self.actor(observations)
        if self.noise_std_type == "scalar":
            std = self.std.expand_as(mean)
        else:
            std = torch.exp(torch.clamp(self.log_std, -20.0, 2.0)).expand_as(mean)
        self.distribution = Normal(mean, std)

    def act(self, observations):
        self.update_distribution(observations)
        return self.distribution.sample()

    def get_actions_log_prob(self, actions):
        return self.distribution.log_prob(actions).sum(dim=-1)

    def evaluate(self, observations):
        return self.critic(observations)
