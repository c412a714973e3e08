# blog.csdn.net/odbej/article/details/125158288, fixed as the post says: D is updated on detached
# fakes, then the graph of lossG is built anew through the updated D.
import torch
import torch.nn as nn

torch.manual_seed(0)

G = nn.Sequential(nn.Linear(16, 64), nn.ReLU(), nn.Linear(64, 32), nn.Tanh())
D = nn.Sequential(nn.Linear(32, 64), nn.LeakyReLU(0.2), nn.Linear(64, 1), nn.Sigmoid())
optimG = torch.optim.Adam(G.parameters(), lr=2e-4, betas=(0.5, 0.999))
optimD = torch.optim.Adam(D.parameters(), lr=2e-4, betas=(0.5, 0.999))
criterion = nn.BCELoss()

real = torch.randn(8, 32)
z = torch.randn(8, 16)
ones, zeros = torch.ones(8, 1), torch.zeros(8, 1)

fake = G(z)
d_real = D(real)
d_fake = D(fake.detach())
lossD = criterion(d_real, ones) + criterion(d_fake, zeros)
optimD.zero_grad()
lossD.backward()
optimD.step()

lossG = criterion(D(fake), ones)
optimG.zero_grad()
lossG.backward()
optimG.step()
