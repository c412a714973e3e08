import torch as T
import torch.nn as nn
import torch.nn.functional as F
from torch.distributions.normal import Normal


class ActorNetwork(nn.Module):
    def __init__(self, input_dims, n_actions, max_action, fc_dims=64):
        super().__init__()
        self.max_action = max_action
        self.reparam_noise = 1e-6
        self.fc1 = nn.Linear(input_dims, fc_dims)
        self.fc2 = nn.Linear(fc_dims, fc_dims)
        self.mu = nn.Linear(fc_dims, n_actions)
        self.sigma = nn.Linear(fc_dims, n_actions)

    def forward(self, state):
        prob = F.relu(self.fc2(F.relu(self.fc1(state))))
        mu = self.mu(prob)
        sigma = T.clamp(self.sigma(prob), min=self.reparam_noise, max=1)
        return mu, sigma

    def sample_normal(self, state, reparameterize=True):
        mu, sigma = self.forward(state)
        probabilities = Normal(mu, sigma)
        actions = probabilities.rsample() if reparameterize else probabilities.sample()
        action = T.tanh(actions) * T.FloatTensor(self.max_action)
        log_probs = probabilities.log_prob(actions)
        log_probs -= T.log(1 - action.pow(2) + self.reparam_noise)
        log_probs = log_probs.sum(1, keepdim=True)
        return action, log_probs


class CriticNetwork(nn.Module):
    def __init__(self, input_dims, n_actions, fc_dims=64):
        super().__init__()
        self.q = nn.Sequential(nn.Linear(input_dims + n_actions, fc_dims), nn.ReLU(), nn.Linear(fc_dims, 1))

    def forward(self, state, action):
        return self.q(T.cat([state, action], dim=1))
