import torch.nn as nn

from activations import exp_linear


class GaussianHead(nn.Module):
    def __init__(self, in_features):
        super().__init__()
        self.mean = nn.Linear(in_features, 1)
        self.scale = nn.Linear(in_features, 1)

    def forward(self, x):
        return self.mean(x), exp_linear(self.scale(x))
