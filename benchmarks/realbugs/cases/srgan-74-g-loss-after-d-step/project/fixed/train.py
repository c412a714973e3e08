import torch

from loss import GeneratorLoss
from model import Discriminator, Generator

torch.manual_seed(0)

netG = Generator()
netD = Discriminator()
generator_criterion = GeneratorLoss()
optimizerG = torch.optim.Adam(netG.parameters())
optimizerD = torch.optim.Adam(netD.parameters())
train_loader = [(torch.rand(2, 3, 8, 8), torch.rand(2, 3, 8, 8))]

for epoch in range(1, 2):
    netG.train()
    netD.train()
    for data, target in train_loader:
        real_img = target
        z = data
        fake_img = netG(z)

        netD.zero_grad()
        real_out = netD(real_img).mean()
        fake_out = netD(fake_img).mean()
        d_loss = 1 - real_out + fake_out
        d_loss.backward(retain_graph=True)
        optimizerD.step()

        netG.zero_grad()
        fake_img = netG(z)
        fake_out = netD(fake_img).mean()
        g_loss = generator_criterion(fake_out, fake_img, real_img)
        g_loss.backward()
        optimizerG.step()
