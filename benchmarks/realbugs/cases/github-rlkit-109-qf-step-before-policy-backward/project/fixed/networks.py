import torch
import torch.nn as nn


class FlattenMlp(nn.Module):
    def __init__(self, input_size, output_size, hidden_size=32):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(input_size, hidden_size), nn.ReLU(),
                                 nn.Linear(hidden_size, output_size))

    def forward(self, *inputs):
        return self.net(torch.cat(inputs, dim=-1))


class TanhGaussianPolicy(nn.Module):
    def __init__(self, obs_dim, action_dim, hidden_size=32):
        super().__init__()
        self.net = FlattenMlp(obs_dim, 2 * action_dim, hidden_size)

    def forward(self, obs, reparameterize=True, return_log_prob=True):
        mean, log_std = self.net(obs).chunk(2, dim=-1)
        std = log_std.clamp(-20, 2).exp()
        pre_tanh = mean + std * torch.randn_like(mean)
        action = torch.tanh(pre_tanh)
        log_prob = torch.distributions.Normal(mean, std).log_prob(pre_tanh)
        log_prob = (log_prob - torch.log(1 - action.pow(2) + 1e-6)).sum(-1, keepdim=True)
        return action, mean, log_std, log_prob
