import torch
from model import Generator, Discriminator
from loss import GeneratorLoss

torch.manual_seed(0)
netG = Generator(scale_factor=2)
netD = Discriminator()
generator_criterion = GeneratorLoss()
optimizerG = torch.optim.Adam(netG.parameters())
optimizerD = torch.optim.Adam(netD.parameters())

data = torch.rand(2, 3, 8, 8)
target = torch.rand(2, 3, 16, 16)

for epoch in range(2):
    real_img, z = target, data
    fake_img = netG(z)

    netD.zero_grad()
    real_out = netD(real_img).mean()
    fake_out = netD(fake_img).mean()
    d_loss = 1 - real_out + fake_out
    d_loss.backward(retain_graph=True)
    optimizerD.step()

    netG.zero_grad()
    g_loss = generator_criterion(fake_out, fake_img, real_img)
    g_loss.backward()
    optimizerG.step()
    print(epoch, d_loss.item(), g_loss.item())
