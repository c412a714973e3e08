import torch
import torch.nn as nn

torch.manual_seed(0)


def conv_net(cin, cout):
    return nn.Sequential(nn.Conv2d(cin, 8, 3, padding=1), nn.LeakyReLU(0.2), nn.Conv2d(8, cout, 3, padding=1))


G_AB = conv_net(3, 3)
D_B = conv_net(3, 1)
optimizer_G = torch.optim.Adam(G_AB.parameters(), lr=2e-4, betas=(0.5, 0.999))
optimizer_D = torch.optim.Adam(D_B.parameters(), lr=2e-4, betas=(0.5, 0.999))
mse = nn.MSELoss()

real_A = torch.randn(2, 3, 16, 16)
real_B = torch.randn(2, 3, 16, 16)

fake_B = G_AB(real_A)
pred_fake = D_B(fake_B)
loss_G = mse(pred_fake, torch.ones_like(pred_fake))

optimizer_G.zero_grad()
loss_G.backward()
optimizer_G.step()

loss_D = 0.5 * (mse(D_B(real_B), torch.ones_like(pred_fake)) + mse(D_B(fake_B.detach()), torch.zeros_like(pred_fake)))
optimizer_D.zero_grad()
loss_D.backward()
optimizer_D.step()
print(loss_G.item(), loss_D.item())
