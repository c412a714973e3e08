import torch.nn as nn


class g_net(nn.Module):
    def __init__(self):
        super(g_net, self).__init__()
        self.encoder = nn.Sequential(
            nn.Conv2d(1, 16, 3, stride=2, padding=1), nn.BatchNorm2d(16), nn.ReLU(True),
            nn.Conv2d(16, 32, 3, stride=2, padding=1), nn.BatchNorm2d(32), nn.ReLU(True),
        )
        self.decoder = nn.Sequential(
            nn.ConvTranspose2d(32, 16, 4, stride=2, padding=1), nn.BatchNorm2d(16), nn.ReLU(True),
            nn.ConvTranspose2d(16, 1, 4, stride=2, padding=1), nn.Tanh(),
        )

    def forward(self, x):
        return self.decoder(self.encoder(x))


class d_net(nn.Module):
    def __init__(self):
        super(d_net, self).__init__()
        self.main = nn.Sequential(
            nn.Conv2d(1, 16, 3, stride=2, padding=1), nn.LeakyReLU(0.2, inplace=True),
            nn.Conv2d(16, 32, 3, stride=2, padding=1), nn.BatchNorm2d(32), nn.LeakyReLU(0.2, inplace=True),
            nn.Flatten(), nn.Linear(32 * 4 * 4, 1), nn.Sigmoid(),
        )

    def forward(self, x):
        return self.main(x)
