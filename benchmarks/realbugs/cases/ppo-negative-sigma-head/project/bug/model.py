import torch
import torch.nn as nn
import torch.nn.functional as F


class Actor(nn.Module):
    def __init__(self, num_state, hidden=64):
        super().__init__()
        self.fc1 = nn.Linear(num_state, hidden)
        self.fc2 = nn.Linear(hidden, 8)
        self.mu_head = nn.Linear(8, 1)
        self.sigma_head = nn.Linear(8, 1)

    def forward(self, x):
        x = F.leaky_relu(self.fc1(x))
        x = F.leaky_relu(self.fc2(x))
        mu = 2.0 * torch.tanh(self.mu_head(x))
        sigma = self.sigma_head(x)
        return mu, sigma


class Critic(nn.Module):
    def __init__(self, num_state, hidden=64):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(num_state, hidden), nn.ReLU(), nn.Linear(hidden, 1))

    def forward(self, x):
        return self.net(x)
