import torch.nn as nn


class Classifier(nn.Module):
    def __init__(self, d_in, n_classes):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(d_in, 32), nn.ReLU())
        self.head = nn.Linear(32, n_classes)

    def forward(self, x):
        return self.head(self.body(x))
