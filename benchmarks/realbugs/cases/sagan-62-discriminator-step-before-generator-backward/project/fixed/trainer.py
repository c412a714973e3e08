import torch

from sagan_models import Discriminator, Generator


class Trainer(object):
    def __init__(self, z_dim=16, g_lr=0.0001, d_lr=0.0004, beta1=0.0, beta2=0.9):
        self.z_dim = z_dim
        self.G = Generator(z_dim=z_dim)
        self.D = Discriminator()
        self.g_optimizer = torch.optim.Adam(filter(lambda p: p.requires_grad, self.G.parameters()), g_lr, [beta1, beta2])
        self.d_optimizer = torch.optim.Adam(filter(lambda p: p.requires_grad, self.D.parameters()), d_lr, [beta1, beta2])

    def reset_grad(self):
        self.d_optimizer.zero_grad()
        self.g_optimizer.zero_grad()

    def train_step(self, real_images):
        self.D.train()
        self.G.train()

        # ================== Train D ================== #
        d_out_real, dr1 = self.D(real_images)
        d_loss_real = torch.nn.ReLU()(1.0 - d_out_real).mean()

        z = torch.randn(real_images.size(0), self.z_dim)
        fake_images, gf1 = self.G(z)
        d_out_fake, df1 = self.D(fake_images)
        d_loss_fake = torch.nn.ReLU()(1.0 + d_out_fake).mean()

        d_loss = d_loss_real + d_loss_fake
        self.reset_grad()
        d_loss.backward(retain_graph=True)
        self.d_optimizer.step()

        # ================== Train G (reuses the discriminator's output on the fakes) ================== #
        fake_images, _ = self.G(z)
        g_out_fake, _ = self.D(fake_images)
        g_loss_fake = - g_out_fake.mean()
        self.reset_grad()
        g_loss_fake.backward()
        self.g_optimizer.step()
        return d_loss, g_loss_fake
