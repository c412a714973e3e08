import torch
import torch.nn as nn


class Generator(nn.Module):
    def __init__(self, latent_size, channels=1):
        super().__init__()
        self.output_bias = nn.Parameter(torch.zeros(channels, 8, 8), requires_grad=True)
        self.main = nn.Sequential(
            nn.ConvTranspose2d(latent_size, 32, 4, 1, 0), nn.BatchNorm2d(32), nn.LeakyReLU(0.1, inplace=True),
            nn.ConvTranspose2d(32, 16, 4, 2, 1), nn.BatchNorm2d(16), nn.LeakyReLU(0.1, inplace=True),
            nn.Conv2d(16, channels, 1),
        )

    def forward(self, input):
        return torch.sigmoid(self.main(input) + self.output_bias)


class Encoder(nn.Module):
    def __init__(self, latent_size, channels=1):
        super().__init__()
        self.main = nn.Sequential(
            nn.Conv2d(channels, 16, 3, 2, 1), nn.BatchNorm2d(16), nn.LeakyReLU(0.1, inplace=True),
            nn.Conv2d(16, 32, 4, 1, 0), nn.BatchNorm2d(32), nn.LeakyReLU(0.1, inplace=True),
            nn.Conv2d(32, 2 * latent_size, 1),
        )

    def forward(self, input):
        return self.main(input), None, None, None


class Discriminator(nn.Module):
    def __init__(self, latent_size, channels=1, dropout=0.2):
        super().__init__()
        self.infer_x = nn.Sequential(nn.Conv2d(channels, 16, 4, 2, 1), nn.LeakyReLU(0.1, inplace=True),
                                     nn.Dropout2d(dropout), nn.Conv2d(16, 32, 4, 1, 0),
                                     nn.LeakyReLU(0.1, inplace=True))
        self.infer_z = nn.Sequential(nn.Conv2d(latent_size, 32, 1), nn.LeakyReLU(0.1, inplace=True))
        self.infer_joint = nn.Sequential(nn.Conv2d(64, 64, 1), nn.LeakyReLU(0.1, inplace=True))
        self.final = nn.Conv2d(64, 1, 1)

    def forward(self, x, z):
        output_x = self.infer_x(x)
        output_z = self.infer_z(z)
        output_features = self.infer_joint(torch.cat([output_x, output_z], dim=1))
        output = torch.sigmoid(self.final(output_features))
        return output.squeeze(), output_features.view(x.size()[0], -1)
