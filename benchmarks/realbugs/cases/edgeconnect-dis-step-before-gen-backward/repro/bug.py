# https://github.com/knazeri/edge-connect/issues/188 -- EdgeModel.backward steps the discriminator optimizer (in-place weight update) before gen_loss, which went through the discriminator, is backpropagated.
import torch
import torch.nn as nn

torch.manual_seed(0)
generator = nn.Sequential(nn.Conv2d(2, 8, 3, padding=1), nn.ReLU(), nn.Conv2d(8, 1, 3, padding=1), nn.Sigmoid())
discriminator = nn.Sequential(nn.Conv2d(2, 8, 4, stride=2, padding=1), nn.LeakyReLU(0.2), nn.Conv2d(8, 1, 4, padding=1))
gen_optimizer = torch.optim.Adam(generator.parameters(), lr=1e-4, betas=(0.0, 0.9))
dis_optimizer = torch.optim.Adam(discriminator.parameters(), lr=1e-5, betas=(0.0, 0.9))
criterion = nn.BCEWithLogitsLoss()

images = torch.rand(2, 1, 16, 16)
edges = (torch.rand(2, 1, 16, 16) > 0.8).float()
outputs = generator(torch.cat((images, edges), dim=1))
dis_real = discriminator(torch.cat((images, edges), dim=1))
dis_fake = discriminator(torch.cat((images, outputs.detach()), dim=1))
dis_loss = (criterion(dis_real, torch.ones_like(dis_real)) + criterion(dis_fake, torch.zeros_like(dis_fake))) / 2
gen_fake = discriminator(torch.cat((images, outputs), dim=1))
gen_loss = criterion(gen_fake, torch.ones_like(gen_fake))

dis_loss.backward()
dis_optimizer.step()
gen_loss.backward()
gen_optimizer.step()
