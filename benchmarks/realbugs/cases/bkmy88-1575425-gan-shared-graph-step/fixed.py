# php.bkmy88.com/faq/1575425, with the fix the article describes: the discriminator loss is
# computed on the detached generator output, and the generator loss is built from a fresh
# pass through the discriminator after the discriminator has stepped.
import torch
import torch.nn as nn
import torch.nn.functional as F


class Generator(nn.Module):
    def __init__(self, z_dim=16, x_dim=32):
        super().__init__()
        self.z_dim = z_dim
        self.net = nn.Sequential(nn.Linear(z_dim, 64), nn.ReLU(), nn.Linear(64, x_dim), nn.Tanh())

    def forward(self, z):
        return self.net(z)


class Discriminator(nn.Module):
    def __init__(self, x_dim=32):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(x_dim, 64), nn.LeakyReLU(0.2), nn.Linear(64, 1))

    def forward(self, x):
        return self.net(x)


def loss_nonsaturating_d(d, g, x_real, *, device):
    z = torch.randn(x_real.shape[0], g.z_dim, device=device)
    gz = g(z).detach()
    d_loss = -F.logsigmoid(d(x_real)).mean() - F.logsigmoid(-d(gz)).mean()
    return d_loss


def loss_nonsaturating_g(d, g, batch_size, *, device):
    z = torch.randn(batch_size, g.z_dim, device=device)
    return -F.logsigmoid(d(g(z))).mean()


def train_step(d, g, d_optimizer, g_optimizer, x_real, device):
    d_loss = loss_nonsaturating_d(d, g, x_real, device=device)
    d_optimizer.zero_grad()
    d_loss.backward()
    d_optimizer.step()
    g_loss = loss_nonsaturating_g(d, g, x_real.shape[0], device=device)
    g_optimizer.zero_grad()
    g_loss.backward()
    g_optimizer.step()
    return d_loss, g_loss


torch.manual_seed(0)
device = torch.device("cpu")
g, d = Generator(), Discriminator()
g_optimizer = torch.optim.Adam(g.parameters(), lr=2e-4, betas=(0.5, 0.999))
d_optimizer = torch.optim.Adam(d.parameters(), lr=2e-4, betas=(0.5, 0.999))
x_real = torch.randn(8, 32)
d_loss, g_loss = train_step(d, g, d_optimizer, g_optimizer, x_real, device)
