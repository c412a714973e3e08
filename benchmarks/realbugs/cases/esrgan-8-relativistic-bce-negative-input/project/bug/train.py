import torch
import torch.nn as nn

from model import Discriminator, Generator

torch.manual_seed(0)

discriminator = Discriminator()
generator = Generator()
adversarial_criterion = nn.BCELoss()
d_optimizer = torch.optim.Adam(discriminator.parameters(), lr=1e-4)


def train_adversarial(lr, hr):
    batch_size = lr.size(0)
    real_label = torch.full((batch_size, 1), 1.0)
    fake_label = torch.full((batch_size, 1), 0.0)
    sr = generator(lr)
    d_optimizer.zero_grad()
    hr_output = discriminator(hr)
    sr_output = discriminator(sr.detach())
    d_loss_hr = adversarial_criterion(hr_output - torch.mean(sr_output), real_label)
    d_loss_sr = adversarial_criterion(sr_output - torch.mean(hr_output), fake_label)
    d_loss = d_loss_hr + d_loss_sr
    d_loss.backward()
    d_optimizer.step()
    return d_loss


lr_images = torch.rand(4, 3, 8, 8)
hr_images = torch.rand(4, 3, 16, 16)
d_loss = train_adversarial(lr_images, hr_images)
