import torch.nn as nn


class Classifier(nn.Module):
    def __init__(self, n_in, n_classes):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(n_in, 16), nn.ReLU())
        self.head = nn.Linear(16, n_classes)

    def forward(self, x):
        return self.head(self.body(x))
