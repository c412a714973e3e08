import torch
import torch.nn as nn
import torch.nn.functional as F


class QNetwork(nn.Module):
    def __init__(self, state_size, action_size, hidden=32):
        super().__init__()
        self.fc1 = nn.Linear(state_size, hidden)
        self.fc2 = nn.Linear(hidden, action_size)
        nn.init.zeros_(self.fc2.weight)
        nn.init.zeros_(self.fc2.bias)

    def forward(self, state):
        return self.fc2(F.relu(self.fc1(state)))


class Agent:
    def __init__(self, state_size, action_size, memory, gamma=0.99, lr=5e-4):
        self.qnetwork_local = QNetwork(state_size, action_size)
        self.qnetwork_target = QNetwork(state_size, action_size)
        self.optimizer = torch.optim.Adam(self.qnetwork_local.parameters(), lr=lr)
        self.memory = memory
        self.gamma = gamma

    def learn(self):
        states, actions, rewards, next_states, dones, weights, indices = self.memory.sample()
        with torch.no_grad():
            q_next = self.qnetwork_target(next_states).max(1)[0]
            q_targets = rewards + self.gamma * q_next * (1 - dones)
        q_expected = self.qnetwork_local(states).gather(1, actions[:, None]).squeeze(1)
        tds = (q_targets - q_expected).detach()
        self.memory.update_priorities(tds, indices)
        loss = (weights * (q_expected - q_targets) ** 2).mean()
        self.optimizer.zero_grad()
        loss.backward()
        self.optimizer.step()
        return loss
