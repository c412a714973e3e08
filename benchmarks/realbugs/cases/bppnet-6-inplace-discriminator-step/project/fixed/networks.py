import torch.nn as nn


class Generator(nn.Module):
    def __init__(self, ch=8):
        super().__init__()
        self.net = nn.Sequential(
            nn.Conv2d(3, ch, 3, padding=1), nn.ReLU(),
            nn.Conv2d(ch, ch, 3, padding=1), nn.ReLU(),
            nn.Conv2d(ch, 3, 3, padding=1), nn.Tanh(),
        )

    def forward(self, x):
        return self.net(x)


class Discriminator(nn.Module):
    def __init__(self, ch=8, size=8):
        super().__init__()
        self.features = nn.Sequential(nn.Conv2d(3, ch, 4, 2, 1), nn.LeakyReLU(0.2))
        self.classifier = nn.Linear(ch * (size // 2) ** 2, 1)

    def forward(self, x):
        return self.classifier(self.features(x).flatten(1))
