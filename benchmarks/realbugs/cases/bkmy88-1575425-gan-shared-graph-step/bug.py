# php.bkmy88.com/faq/1575425: "解决PyTorch GAN训练中的梯度计算错误:inplace操作与计算图分离"
# (fixing "one of the variables needed for gradient computation has been modified by an
# inplace operation" in GAN training). loss_nonsaturating builds the discriminator loss and
# the generator loss from one forward pass, d(g(z)). The training step backpropagates d_loss
# (retain_graph=True), steps the discriminator optimizer, and then backpropagates g_loss,
# whose graph still holds the discriminator weights that the step just modified in place.
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


def loss_nonsaturating(d, g, x_real, *, device):
    z = torch.randn(x_real.shape[0], g.z_dim, device=device)
    gz = g(z)
    d_gz = d(gz)
    dx = d(x_real)
    d_loss = -F.logsigmoid(dx).mean() - F.logsigmoid(-d_gz).mean()
    g_loss = -F.logsigmoid(d_gz).mean()
    return d_loss, g_loss


def train_step(d, g, d_optimizer, g_optimizer, x_real, device):
    d_loss, g_loss = loss_nonsaturating(d, g, x_real, device=device)
    d_optimizer.zero_grad()
    d_loss.backward(retain_graph=True)
    d_optimizer.step()
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
