import torch
import torch.nn as nn

torch.manual_seed(0)
G = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 6))
D = nn.Sequential(nn.Linear(6, 8), nn.LeakyReLU(0.2), nn.Linear(8, 1))
opt_g = torch.optim.Adam(G.parameters(), lr=1e-3)
opt_d = torch.optim.Adam(D.parameters(), lr=1e-3)
bce = nn.BCEWithLogitsLoss()
z = torch.randn(5, 4)
real = torch.randn(5, 6)

fake = G(z)
loss_d = bce(D(real), torch.ones(5, 1)) + bce(D(fake.detach()), torch.zeros(5, 1))
loss_g = bce(D(fake), torch.ones(5, 1))

opt_d.zero_grad()
loss_d.backward()
opt_d.step()

opt_g.zero_grad()
loss_g.backward()
opt_g.step()
