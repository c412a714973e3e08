# blog.csdn.net/odbej/article/details/125158288 ("GAN训练中的inplace问题"): the discriminator's
# output on the fakes is computed once and reused for both losses; optimD.step() updates D's
# weights in place between lossD.backward(retain_graph=True) and lossG.backward(), whose graph
# still needs the old weights -> "modified by an inplace operation".
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
d_fake = D(fake)
lossD = criterion(d_real, ones) + criterion(d_fake, zeros)
optimD.zero_grad()
lossD.backward(retain_graph=True)
optimD.step()

lossG = criterion(d_fake, ones)
optimG.zero_grad()
lossG.backward()
optimG.step()
