# Fix (the standard one for this error): run D again on the fake images after optimizerD.step(), before the generator loss.
import torch
import torch.nn as nn

torch.manual_seed(0)
netG = nn.Sequential(nn.Conv2d(3, 8, 3, padding=1), nn.PReLU(), nn.Upsample(scale_factor=2),
                     nn.Conv2d(8, 3, 3, padding=1), nn.Tanh())
netD = nn.Sequential(nn.Conv2d(3, 8, 3, padding=1), nn.LeakyReLU(0.2), nn.AdaptiveAvgPool2d(1),
                     nn.Conv2d(8, 1, 1), nn.Sigmoid())
optimizerG = torch.optim.Adam(netG.parameters())
optimizerD = torch.optim.Adam(netD.parameters())
mse = nn.MSELoss()

z = torch.randn(2, 3, 8, 8)
real_img = torch.rand(2, 3, 16, 16) * 2 - 1

fake_img = netG(z)
netD.zero_grad()
real_out = netD(real_img).mean()
fake_out = netD(fake_img).mean()
d_loss = 1 - real_out + fake_out
d_loss.backward(retain_graph=True)
optimizerD.step()

netG.zero_grad()
fake_out = netD(fake_img).mean()
g_loss = mse(fake_img, real_img) + 0.001 * torch.mean(1 - fake_out)
g_loss.backward()
optimizerG.step()
print(d_loss.item(), g_loss.item())
