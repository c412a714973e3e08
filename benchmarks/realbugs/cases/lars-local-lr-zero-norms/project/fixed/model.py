import torch.nn as nn
import torch.nn.functional as F


class Adapter(nn.Module):
    def __init__(self, dim, bottleneck):
        super().__init__()
        self.down = nn.Linear(dim, bottleneck)
        self.up = nn.Linear(bottleneck, dim)
        nn.init.zeros_(self.down.bias)
        nn.init.zeros_(self.up.weight)
        nn.init.zeros_(self.up.bias)

    def forward(self, x):
        return x + self.up(F.relu(self.down(x)))


class AdaptedClassifier(nn.Module):
    def __init__(self, in_dim=32, dim=64, num_classes=10):
        super().__init__()
        self.encoder = nn.Sequential(nn.Linear(in_dim, dim), nn.ReLU())
        self.adapter = Adapter(dim, bottleneck=8)
        self.head = nn.Linear(dim, num_classes)

    def forward(self, x):
        return self.head(self.adapter(self.encoder(x)))
