import itertools
import torch
import torch.nn as nn
from models import Generator, Discriminator


class CycleGAN:
    def __init__(self, lr=2e-4, lambda_cyc=10.0):
        self.G_AB, self.G_BA = Generator(), Generator()
        self.D_A, self.D_B = Discriminator(), Discriminator()
        self.lambda_cyc = lambda_cyc
        self.gan_loss = nn.MSELoss()
        self.l1 = nn.L1Loss()
        self.optimizer_G = torch.optim.Adam(itertools.chain(self.G_AB.parameters(), self.G_BA.parameters()),
                                            lr=lr, betas=(0.5, 0.999))
        self.optimizer_D = torch.optim.Adam(itertools.chain(self.D_A.parameters(), self.D_B.parameters()),
                                            lr=lr, betas=(0.5, 0.999))

    def adv(self, pred, real):
        target = torch.ones_like(pred) if real else torch.zeros_like(pred)
        return self.gan_loss(pred, target)

    def train_step(self, real_A, real_B):
        fake_B = self.G_AB(real_A)
        fake_A = self.G_BA(real_B)
        loss_G = (self.adv(self.D_B(fake_B), True) + self.adv(self.D_A(fake_A), True)
                  + self.lambda_cyc * (self.l1(self.G_BA(fake_B), real_A) + self.l1(self.G_AB(fake_A), real_B)))

        loss_D = 0.5 * (self.adv(self.D_A(real_A), True) + self.adv(self.D_A(fake_A.detach()), False)
                        + self.adv(self.D_B(real_B), True) + self.adv(self.D_B(fake_B.detach()), False))
        self.optimizer_D.zero_grad()
        loss_D.backward()
        self.optimizer_D.step()

        self.optimizer_G.zero_grad()
        loss_G.backward()
        self.optimizer_G.step()
        return loss_G, loss_D
