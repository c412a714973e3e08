"""Classifier whose forward returns class probabilities (softmax head)."""
import torch.nn as nn


class Net(nn.Module):
    def __init__(self, in_dim=20, hidden=64, n_classes=5):
        super().__init__()
        self.fc1 = nn.Linear(in_dim, hidden)
        self.relu = nn.ReLU()
        self.fc2 = nn.Linear(hidden, n_classes)
        self.softmax = nn.Softmax(dim=1)

    def forward(self, x):
        return self.softmax(self.fc2(self.relu(self.fc1(x))))
