# 9310gaurav/ali-pytorch#6, fixed as the thread suggests: both backward passes first (loss_g's only into the
# encoder and generator), then the two optimizer steps.
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

import torch.optim as optim


batch_size = 16
latent_size = 8
num_epochs = 2

torch.manual_seed(0)
netE = Encoder(latent_size)
netG = Generator(latent_size)
netD = Discriminator(latent_size, dropout=0.2)

optimizerG = optim.Adam([{'params': netE.parameters()}, {'params': netG.parameters()}], lr=1e-4, betas=(0.5, 0.999))
optimizerD = optim.Adam(netD.parameters(), lr=1e-4, betas=(0.5, 0.999))
criterion = nn.BCELoss()

train_loader = [torch.rand(batch_size, 1, 8, 8) for _ in range(2)]
for epoch in range(num_epochs):
    for i, data in enumerate(train_loader):
        real_label = torch.ones(batch_size)
        fake_label = torch.zeros(batch_size)
        noise1 = torch.Tensor(data.size()).normal_(0, 0.1 * (num_epochs - epoch) / num_epochs)
        noise2 = torch.Tensor(data.size()).normal_(0, 0.1 * (num_epochs - epoch) / num_epochs)

        d_real = data
        z_fake = torch.randn(batch_size, latent_size, 1, 1)
        d_fake = netG(z_fake)

        z_real, _, _, _ = netE(d_real)
        z_real = z_real.view(batch_size, -1)
        mu, log_sigma = z_real[:, :latent_size], z_real[:, latent_size:]
        sigma = torch.exp(log_sigma)
        epsilon = torch.randn(batch_size, latent_size)
        output_z = mu + epsilon * sigma

        output_real, _ = netD(d_real + noise1, output_z.view(batch_size, latent_size, 1, 1))
        output_fake, _ = netD(d_fake + noise2, z_fake)

        loss_d = criterion(output_real, real_label) + criterion(output_fake, fake_label)
        loss_g = criterion(output_fake, real_label) + criterion(output_real, fake_label)

        optimizerD.zero_grad()
        loss_d.backward(retain_graph=True)

        optimizerG.zero_grad()
        loss_g.backward(inputs=list(netE.parameters()) + list(netG.parameters()))
        optimizerD.step()
        optimizerG.step()
