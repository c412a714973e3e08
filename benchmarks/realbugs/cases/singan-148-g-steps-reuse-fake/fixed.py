# tamarott/SinGAN#148: the Gsteps loop reuses one `fake` after optimizerG.step() changed netG in place.
import torch
import torch.nn as nn

torch.manual_seed(0)


class ConvBlock(nn.Sequential):
    def __init__(self, in_channel, out_channel):
        super().__init__()
        self.add_module('conv', nn.Conv2d(in_channel, out_channel, 3, padding=1))
        self.add_module('LeakyRelu', nn.LeakyReLU(0.2, inplace=True))


netG = nn.Sequential(ConvBlock(3, 8), nn.Conv2d(8, 3, 3, padding=1), nn.Tanh())
netD = nn.Sequential(ConvBlock(3, 8), nn.Conv2d(8, 1, 3, padding=1))
optimizerD = torch.optim.Adam(netD.parameters(), lr=0.0005, betas=(0.5, 0.999))
optimizerG = torch.optim.Adam(netG.parameters(), lr=0.0005, betas=(0.5, 0.999))
Dsteps, Gsteps = 3, 3
real = torch.rand(1, 3, 16, 16)
prev = torch.zeros(1, 3, 16, 16)

for epoch in range(2):
    noise = torch.randn(1, 3, 16, 16)
    ############################
    # (1) Update D network: maximize D(x) + D(G(z))
    ###########################
    for j in range(Dsteps):
        netD.zero_grad()
        output = netD(real)
        errD_real = -output.mean()
        errD_real.backward(retain_graph=True)
        fake = netG(noise.detach() + prev)
        output = netD(fake.detach())
        errD_fake = output.mean()
        errD_fake.backward(retain_graph=True)
        optimizerD.step()

    ############################
    # (2) Update G network: maximize D(G(z))
    ###########################
    for j in range(Gsteps):
        netG.zero_grad()
        fake = netG(noise.detach() + prev)
        output = netD(fake)
        errG = -output.mean()
        errG.backward(retain_graph=True)
        optimizerG.step()
