import torch.nn as nn


class MLP(nn.Module):
    def __init__(self, in_dim=10, hidden=32, out_dim=1):
        super().__init__()
        self.fc1 = nn.Linear(in_dim, hidden)
        self.act = nn.GELU()
        self.fc2 = nn.Linear(hidden, out_dim)
        self.reset_parameters()

    def reset_parameters(self):
        for m in (self.fc1, self.fc2):
            nn.init.xavier_uniform_(m.weight)
            nn.init.zeros_(m.bias)          # the usual zero initialisation of biases

    def forward(self, x):
        return self.fc2(self.act(self.fc1(x)))
