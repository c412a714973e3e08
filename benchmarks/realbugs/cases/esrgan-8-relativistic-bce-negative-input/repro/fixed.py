import torch
import torch.nn as nn

torch.manual_seed(0)

discriminator = nn.Sequential(nn.Linear(16, 32), nn.LeakyReLU(0.2), nn.Linear(32, 1))
adversarial_criterion = nn.BCEWithLogitsLoss()
hr = torch.randn(8, 16) + 2.0
sr = torch.randn(8, 16)
real_label = torch.ones(8, 1)
fake_label = torch.zeros(8, 1)

hr_output = discriminator(hr)
sr_output = discriminator(sr.detach())
d_loss_hr = adversarial_criterion(hr_output - torch.mean(sr_output), real_label)
d_loss_sr = adversarial_criterion(sr_output - torch.mean(hr_output), fake_label)
d_loss = (d_loss_hr + d_loss_sr) / 2
d_loss.backward()
