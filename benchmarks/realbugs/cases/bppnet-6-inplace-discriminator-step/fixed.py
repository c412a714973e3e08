import torch
import torch.nn as nn

torch.manual_seed(0)
G = nn.Sequential(nn.Conv2d(3, 8, 3, padding=1), nn.ReLU(), nn.Conv2d(8, 3, 3, padding=1), nn.Tanh())
D = nn.Sequential(nn.Conv2d(3, 8, 4, 2, 1), nn.LeakyReLU(0.2), nn.Flatten(), nn.Linear(8 * 4 * 4, 1))
optimizer_G = torch.optim.Adam(G.parameters(), lr=1e-4)
optimizer_D = torch.optim.Adam(D.parameters(), lr=1e-4)
bce = nn.BCEWithLogitsLoss()

hazy = torch.rand(2, 3, 8, 8)
clear = torch.rand(2, 3, 8, 8)
fake = G(hazy)
real_out = D(clear)
fake_out = D(fake)
d_loss = bce(real_out, torch.ones_like(real_out)) + bce(fake_out, torch.zeros_like(fake_out))

optimizer_D.zero_grad()
d_loss.backward(retain_graph=True)
optimizer_D.step()
fake_out = D(fake)
g_loss = bce(fake_out, torch.ones_like(fake_out)) + nn.functional.l1_loss(fake, clear)
optimizer_G.zero_grad()
g_loss.backward()
optimizer_G.step()
print(g_loss)
