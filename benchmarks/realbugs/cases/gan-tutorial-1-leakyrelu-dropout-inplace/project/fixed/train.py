import torch
import torch.nn as nn
from torch.optim import Adam

from models import Discriminator, Generator

torch.manual_seed(0)

G = Generator()
D = Discriminator()
criterion = nn.BCELoss()
G_optimizer = Adam(G.parameters(), lr=0.0002, betas=(0.5, 0.999))
D_optimizer = Adam(D.parameters(), lr=0.0002, betas=(0.5, 0.999))


def d_train(real_data, batch_size):
    target_real = torch.ones(batch_size, 1)
    target_fake = torch.zeros(batch_size, 1)
    D_loss_real = criterion(D(real_data), target_real)
    z = torch.randn((batch_size, 100))
    fake_data = G(z)
    D_loss_fake = criterion(D(fake_data), target_fake)
    D_loss = D_loss_real + D_loss_fake
    D.zero_grad()
    D_loss.backward()
    D_optimizer.step()
    return D_loss


batch_size = 8
real_data = torch.rand(batch_size, 1, 28, 28) * 2 - 1
D_loss = d_train(real_data, batch_size)
