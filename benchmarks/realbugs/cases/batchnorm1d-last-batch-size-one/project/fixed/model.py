import torch.nn as nn


class MLP(nn.Module):
    def __init__(self, n_features, hidden, n_classes):
        super().__init__()
        self.fc1 = nn.Linear(n_features, hidden)
        self.bn1 = nn.BatchNorm1d(hidden)
        self.fc2 = nn.Linear(hidden, n_classes)

    def forward(self, x):
        h = self.bn1(self.fc1(x))
        return self.fc2(h.relu())
