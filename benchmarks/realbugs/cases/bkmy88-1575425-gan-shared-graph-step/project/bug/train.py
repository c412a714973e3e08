"""Alternating GAN training on a toy data set."""
import torch

from losses import loss_nonsaturating
from nets import Discriminator, Generator


class GANTrainer:
    def __init__(self, g, d, lr=2e-4, device="cpu"):
        self.g, self.d, self.device = g, d, torch.device(device)
        self.g_optimizer = torch.optim.Adam(g.parameters(), lr=lr, betas=(0.5, 0.999))
        self.d_optimizer = torch.optim.Adam(d.parameters(), lr=lr, betas=(0.5, 0.999))

    def step(self, x_real):
        d_loss, g_loss = loss_nonsaturating(self.d, self.g, x_real, device=self.device)
        self.d_optimizer.zero_grad()
        d_loss.backward(retain_graph=True)
        self.d_optimizer.step()
        self.g_optimizer.zero_grad()
        g_loss.backward()
        self.g_optimizer.step()
        return d_loss.detach(), g_loss.detach()


torch.manual_seed(0)
trainer = GANTrainer(Generator(), Discriminator())
data = [torch.randn(8, 32) for _ in range(3)]
for x_real in data:
    d_loss, g_loss = trainer.step(x_real)
