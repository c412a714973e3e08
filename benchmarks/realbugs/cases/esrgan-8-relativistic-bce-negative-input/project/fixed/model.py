import torch.nn as nn


class Discriminator(nn.Module):
    def __init__(self):
        super(Discriminator, self).__init__()
        self.features = nn.Sequential(
            nn.Conv2d(3, 16, 3, 1, 1), nn.LeakyReLU(0.2, True),
            nn.Conv2d(16, 32, 4, 2, 1), nn.BatchNorm2d(32), nn.LeakyReLU(0.2, True))
        self.classifier = nn.Sequential(nn.Flatten(), nn.Linear(32 * 8 * 8, 64), nn.LeakyReLU(0.2, True),
                                        nn.Linear(64, 1))

    def forward(self, x):
        return self.classifier(self.features(x))


class Generator(nn.Module):
    def __init__(self):
        super(Generator, self).__init__()
        self.body = nn.Sequential(nn.Conv2d(3, 16, 3, 1, 1), nn.LeakyReLU(0.2, True),
                                  nn.Upsample(scale_factor=2), nn.Conv2d(16, 3, 3, 1, 1))

    def forward(self, x):
        return self.body(x)
