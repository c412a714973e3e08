import torch
import torch.nn as nn
import torch.optim as optim

from model import Discriminator, Encoder, Generator

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
        optimizerD.step()

        optimizerG.zero_grad()
        loss_g.backward()
        optimizerG.step()
