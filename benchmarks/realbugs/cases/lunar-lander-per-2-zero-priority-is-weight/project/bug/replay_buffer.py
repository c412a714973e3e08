import random

import torch


class PrioritizedReplayBuffer:
    def __init__(self, buffer_size, batch_size, alpha=0.5, beta=0.4, seed=0):
        self.buffer_size = buffer_size
        self.batch_size = batch_size
        self.alpha = alpha
        self.beta = beta
        self.memory = []
        self.priorities = torch.zeros(buffer_size)
        self.weights = torch.zeros(buffer_size)
        self.priorities_max = 1.0
        self.weights_max = 1.0
        random.seed(seed)

    def add(self, state, action, reward, next_state, done):
        if len(self.memory) < self.buffer_size:
            self.memory.append((state, action, reward, next_state, done))
        self.priorities[len(self.memory) - 1] = self.priorities_max
        self.weights[len(self.memory) - 1] = self.weights_max

    def sample(self):
        N = len(self.memory)
        scaled = self.priorities[:N] ** self.alpha
        probs = scaled / scaled.sum()
        indices = torch.multinomial(probs, self.batch_size, replacement=True)
        weights = self.weights[indices] / self.weights_max
        batch = [self.memory[i] for i in indices.tolist()]
        states, actions, rewards, next_states, dones = map(torch.stack, zip(*batch))
        return states, actions, rewards, next_states, dones, weights, indices

    def update_priorities(self, tds, indices):
        N = len(self.memory)
        updated_priorities = tds.abs()
        updated_weights = ((N * updated_priorities) ** (-self.beta)) / self.weights_max
        self.priorities_max = max(self.priorities_max, updated_priorities.max().item())
        self.weights_max = max(self.weights_max, updated_weights.max().item())
        self.priorities[indices] = updated_priorities
        self.weights[indices] = updated_weights
