# Actor-Critic-Methods-Paper-To-Code #7: SAC log(1 - action^2 + noise) uses the max_action-scaled action -> log of a negative.
import torch as T
import torch.nn as nn
import torch.nn.functional as F
from torch.distributions.normal import Normal

T.manual_seed(0)


class ActorNetwork(nn.Module):
    def __init__(self, input_dims, max_action, fc1_dims=64, fc2_dims=64, n_actions=2):
        super().__init__()
        self.max_action = max_action
        self.reparam_noise = 1e-6
        self.fc1 = nn.Linear(input_dims, fc1_dims)
        self.fc2 = nn.Linear(fc1_dims, fc2_dims)
        self.mu = nn.Linear(fc2_dims, n_actions)
        self.sigma = nn.Linear(fc2_dims, n_actions)

    def forward(self, state):
        prob = F.relu(self.fc1(state))
        prob = F.relu(self.fc2(prob))
        mu = self.mu(prob)
        sigma = self.sigma(prob)
        sigma = T.clamp(sigma, min=self.reparam_noise, max=1)
        return mu, sigma

    def sample_normal(self, state, reparameterize=True):
        mu, sigma = self.forward(state)
        probabilities = Normal(mu, sigma)
        actions = probabilities.rsample() if reparameterize else probabilities.sample()
        action = T.tanh(actions) * T.tensor(self.max_action)
        log_probs = probabilities.log_prob(actions)
        log_probs -= T.log(1 - action.pow(2) + self.reparam_noise)
        log_probs = log_probs.sum(1, keepdim=True)
        return action, log_probs


actor = ActorNetwork(input_dims=8, max_action=[2.0, 2.0])  # env.action_space.high = [2, 2]
state = T.randn(32, 8) * 5  # unnormalized observations
actions, log_probs = actor.sample_normal(state, reparameterize=True)
actor_loss = (0.2 * log_probs).mean()
actor_loss.backward()
