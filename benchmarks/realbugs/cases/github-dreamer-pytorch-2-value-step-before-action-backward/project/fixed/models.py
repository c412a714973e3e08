import torch
import torch.nn as nn


class RecurrentStateSpaceModel(nn.Module):
    def __init__(self, state_dim, action_dim, rnn_hidden_dim):
        super().__init__()
        self.rnn = nn.GRUCell(state_dim + action_dim, rnn_hidden_dim)
        self.fc_state_mean = nn.Linear(rnn_hidden_dim, state_dim)
        self.fc_state_std = nn.Linear(rnn_hidden_dim, state_dim)

    def prior(self, state, action, rnn_hidden):
        rnn_hidden = self.rnn(torch.cat([state, action], dim=1), rnn_hidden)
        mean = self.fc_state_mean(rnn_hidden)
        stddev = nn.functional.softplus(self.fc_state_std(rnn_hidden)) + 0.1
        return torch.distributions.Normal(mean, stddev), rnn_hidden


class ActionModel(nn.Module):
    def __init__(self, state_dim, rnn_hidden_dim, action_dim, hidden_dim=32):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(state_dim + rnn_hidden_dim, hidden_dim), nn.ELU(),
                                 nn.Linear(hidden_dim, action_dim), nn.Tanh())

    def forward(self, state, rnn_hidden):
        return self.net(torch.cat([state, rnn_hidden], dim=1))


class ValueModel(nn.Module):
    def __init__(self, state_dim, rnn_hidden_dim, hidden_dim=32):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(state_dim + rnn_hidden_dim, hidden_dim), nn.ELU(),
                                 nn.Linear(hidden_dim, 1))

    def forward(self, state, rnn_hidden):
        return self.net(torch.cat([state, rnn_hidden], dim=1))


RewardModel = ValueModel
