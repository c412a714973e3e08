import torch

from models import Discriminator, Generator
from trainer import GANTrainer

torch.manual_seed(0)

netG, netD = Generator(), Discriminator()
trainer = GANTrainer(netG, netD)

for step in range(2):
    real = torch.randn(8, 32)
    z = torch.randn(8, 16)
    lossD, lossG = trainer.train_step(real, z)
