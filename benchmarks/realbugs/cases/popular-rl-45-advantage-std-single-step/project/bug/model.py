import torch.nn as nn
import torch.nn.functional as F


class PPO(nn.Module):
    def __init__(self, state_dim, action_dim, hidden=32):
        super().__init__()
        self.fc1 = nn.Linear(state_dim, hidden)
        self.fc_pi = nn.Linear(hidden, action_dim)
        self.fc_v = nn.Linear(hidden, 1)

    def pi(self, x, softmax_dim=0):
        x = F.relu(self.fc1(x))
        return F.softmax(self.fc_pi(x), dim=softmax_dim)

    def v(self, x):
        return self.fc_v(F.relu(self.fc1(x)))
