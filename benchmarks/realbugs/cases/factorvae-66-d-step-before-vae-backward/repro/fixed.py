# https://github.com/amir-abdi/disentanglement-pytorch/issues/66 -- fixed the standard way (the maintainer
# pinned an older torch instead): both losses are backpropagated first, then both optimizers step.
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
z_dim, gamma = 4, 6.4
encoder = nn.Sequential(nn.Linear(16, 64), nn.ReLU(), nn.Linear(64, 2 * z_dim))
decoder = nn.Sequential(nn.Linear(z_dim, 64), nn.ReLU(), nn.Linear(64, 16))
D = nn.Sequential(nn.Linear(z_dim, 100), nn.LeakyReLU(0.2), nn.Linear(100, 2))
optim_G = torch.optim.Adam(list(encoder.parameters()) + list(decoder.parameters()), lr=1e-4)
optim_D = torch.optim.Adam(D.parameters(), lr=1e-4, betas=(0.5, 0.9))
x = torch.rand(8, 16)

mu, logvar = encoder(x).chunk(2, dim=1)
z = mu + torch.randn_like(mu) * torch.exp(0.5 * logvar)
recon = F.mse_loss(decoder(z), x, reduction='sum') / x.size(0)
kld = (-0.5 * (1 + logvar - mu.pow(2) - logvar.exp()).sum(1)).mean()
dz = D(z)
tc_loss = (dz[:, 0] - dz[:, 1]).mean()
vae_loss = recon + kld + gamma * tc_loss

z_perm = torch.stack([z_j[torch.randperm(z.size(0))] for z_j in z.detach().t()], dim=1)
zeros = torch.zeros(x.size(0), dtype=torch.long)
ones = torch.ones(x.size(0), dtype=torch.long)
d_loss = 0.5 * (F.cross_entropy(D(z.detach()), zeros) + F.cross_entropy(D(z_perm), ones))
optim_G.zero_grad()
vae_loss.backward()
optim_D.zero_grad()
d_loss.backward()
optim_G.step()
optim_D.step()
