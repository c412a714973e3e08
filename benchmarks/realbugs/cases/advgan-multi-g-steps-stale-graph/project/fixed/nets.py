import torch.nn as nn


class PerturbationGenerator(nn.Module):
    def __init__(self, ch=3):
        super().__init__()
        self.net = nn.Sequential(nn.Conv2d(ch, 8, 3, padding=1), nn.ReLU(), nn.Conv2d(8, ch, 3, padding=1), nn.Tanh())

    def forward(self, x):
        return self.net(x)


class TargetModel(nn.Module):
    def __init__(self, ch=3, n_classes=4):
        super().__init__()
        self.net = nn.Sequential(nn.Conv2d(ch, 4, 3, padding=1), nn.ReLU(), nn.AdaptiveAvgPool2d(1), nn.Flatten(),
                                 nn.Linear(4, n_classes))

    def forward(self, x):
        return self.net(x)
