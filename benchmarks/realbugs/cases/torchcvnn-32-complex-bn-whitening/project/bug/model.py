import torch
import torch.nn as nn
from torchcvnn.nn import BatchNorm1d


class ComplexMLP(nn.Module):
    def __init__(self, in_features=4, hidden=6, n_classes=3):
        super().__init__()
        self.fc = nn.Linear(in_features, hidden, dtype=torch.complex64)
        self.bn = BatchNorm1d(hidden)
        self.head = nn.Linear(hidden * 2, n_classes)

    def forward(self, z):
        out = self.bn(self.fc(z))
        return self.head(torch.cat([out.real, out.imag], -1)), out
