import torch
import torch.nn as nn

from .utils import build_mlp, reparameterize


class StateDependentPolicy(nn.Module):
    def __init__(self, state_shape, action_shape, hidden_units=(256, 256), hidden_activation=nn.ReLU(inplace=True)):
        super().__init__()
        self.net = build_mlp(input_dim=state_shape[0], output_dim=2 * action_shape[0],
                             hidden_units=hidden_units, hidden_activation=hidden_activation)

    def forward(self, states):
        return torch.tanh(self.net(states).chunk(2, dim=-1)[0])

    def sample(self, states):
        means, log_stds = self.net(states).chunk(2, dim=-1)
        return reparameterize(means, log_stds.clamp_(-20, 2))
