import torch
import torch.nn as nn


class GANTrainer:
    def __init__(self, netG, netD, lr=2e-4):
        self.netG, self.netD = netG, netD
        self.optimG = torch.optim.Adam(netG.parameters(), lr=lr, betas=(0.5, 0.999))
        self.optimD = torch.optim.Adam(netD.parameters(), lr=lr, betas=(0.5, 0.999))
        self.criterion = nn.BCELoss()

    def update_D(self, real, d_fake):
        ones = torch.ones(real.size(0), 1)
        zeros = torch.zeros(real.size(0), 1)
        lossD = self.criterion(self.netD(real), ones) + self.criterion(d_fake, zeros)
        self.optimD.zero_grad()
        lossD.backward()
        self.optimD.step()
        return lossD

    def update_G(self, fake):
        d_fake = self.netD(fake)  # rebuilt through the updated discriminator
        lossG = self.criterion(d_fake, torch.ones(d_fake.size(0), 1))
        self.optimG.zero_grad()
        lossG.backward()
        self.optimG.step()
        return lossG

    def train_step(self, real, z):
        fake = self.netG(z)
        lossD = self.update_D(real, self.netD(fake.detach()))
        lossG = self.update_G(fake)
        return lossD, lossG
