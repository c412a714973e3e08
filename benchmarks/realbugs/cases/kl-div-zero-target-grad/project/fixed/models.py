import torch.nn as nn


class MLPClassifier(nn.Module):
    def __init__(self, in_dim=4, hidden=16, num_classes=3):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(in_dim, hidden), nn.ReLU(), nn.Linear(hidden, num_classes))

    def forward(self, x):
        return self.net(x)
