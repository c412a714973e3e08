# https://github.com/daa233/generative-inpainting-pytorch/issues/62 -- fixed as in the thread: D's step is
# moved after G's backward (just before optimizer_g.step()), so D's weights are intact when G backpropagates.
import torch
import torch.nn as nn

torch.manual_seed(0)
netG = nn.Sequential(nn.Linear(16, 32), nn.ELU(), nn.Linear(32, 16))
globalD = nn.Sequential(nn.Linear(16, 32), nn.LeakyReLU(0.2), nn.Linear(32, 1))
optimizer_g = torch.optim.Adam(netG.parameters(), lr=1e-4, betas=(0.5, 0.9))
optimizer_d = torch.optim.Adam(globalD.parameters(), lr=1e-4, betas=(0.5, 0.9))
ground_truth = torch.randn(4, 16)
mask = (torch.rand(4, 16) > 0.7).float()
x = ground_truth * (1 - mask)

x_inpaint = netG(x) * mask + x * (1 - mask)
real_pred = globalD(ground_truth)
fake_pred_d = globalD(x_inpaint.detach())
fake_pred_g = globalD(x_inpaint)
losses = {'wgan_d': torch.mean(fake_pred_d - real_pred), 'wgan_g': -torch.mean(fake_pred_g),
          'l1': nn.L1Loss()(x_inpaint, ground_truth)}

optimizer_d.zero_grad()
losses['d'] = losses['wgan_d']
losses['d'].backward()
optimizer_g.zero_grad()
losses['g'] = losses['l1'] * 1.2 + losses['wgan_g'] * 0.001
losses['g'].backward()
optimizer_d.step()
optimizer_g.step()
