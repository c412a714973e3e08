import torch
import torch.nn.functional as F

from losses import adversarial_losses
from models import Discriminator, Generator

torch.manual_seed(0)
netG = Generator(8, 12)
netD = Discriminator(12)
optimizer_netG = torch.optim.Adam(netG.parameters(), lr=1e-3)
optimizer_netD = torch.optim.Adam(netD.parameters(), lr=1e-3)

for it in range(2):
    z = torch.randn(6, 8)
    real = torch.rand(6, 12) * 2 - 1
    fake = netG(z)
    loss_netD, loss_adv = adversarial_losses(netD, real, fake)
    loss_netG = F.l1_loss(fake, real) + 0.01 * loss_adv

    # Train G
    optimizer_netG.zero_grad()
    loss_netG.backward()
    optimizer_netG.step()

    # Train D
    optimizer_netD.zero_grad()
    loss_netD.backward()
    optimizer_netD.step()
    print(it, loss_netD.item(), loss_netG.item())
