import torch
import torch.nn as nn


class Classifier(nn.Module):
    def __init__(self, n_in=12, n_classes=4):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(n_in, 16), nn.ReLU(), nn.Linear(16, n_classes))

    def forward(self, x):
        return torch.softmax(self.net(x), dim=1)
