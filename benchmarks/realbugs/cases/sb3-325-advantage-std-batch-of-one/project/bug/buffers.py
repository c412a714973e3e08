import torch


class RolloutBuffer:
    def __init__(self, buffer_size, obs_dim):
        self.buffer_size = buffer_size
        self.observations = torch.zeros(buffer_size, obs_dim)
        self.actions = torch.zeros(buffer_size, dtype=torch.long)
        self.log_probs = torch.zeros(buffer_size)
        self.advantages = torch.zeros(buffer_size)
        self.pos = 0

    def add(self, obs, action, log_prob, advantage):
        self.observations[self.pos] = obs
        self.actions[self.pos] = action
        self.log_probs[self.pos] = log_prob
        self.advantages[self.pos] = advantage
        self.pos += 1

    def get(self, batch_size):
        indices = torch.arange(self.buffer_size)
        start_idx = 0
        while start_idx < self.buffer_size:
            idx = indices[start_idx:start_idx + batch_size]
            yield self.observations[idx], self.actions[idx], self.log_probs[idx], self.advantages[idx]
            start_idx += batch_size
