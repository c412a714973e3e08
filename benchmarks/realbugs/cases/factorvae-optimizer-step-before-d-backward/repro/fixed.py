# https://github.com/1Konny/FactorVAE/issues/15 -- standard fix: the discriminator loss scores a detached z, so its backward no longer walks the VAE graph the VAE step has modified.
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
enc = nn.Sequential(nn.Linear(64, 128), nn.ReLU(), nn.Linear(128, 2 * 4))
dec = nn.Linear(4, 64)
D = nn.Sequential(nn.Linear(4, 32), nn.LeakyReLU(0.2), nn.Linear(32, 2))
optim_vae = torch.optim.Adam(list(enc.parameters()) + list(dec.parameters()), lr=1e-4)
optim_d = torch.optim.Adam(D.parameters(), lr=1e-4)

x1, x2 = torch.rand(8, 64), torch.rand(8, 64)
ones, zeros = torch.ones(8, dtype=torch.long), torch.zeros(8, dtype=torch.long)

mu, logvar = enc(x1).chunk(2, dim=1)
z = mu + torch.randn_like(mu) * (0.5 * logvar).exp()
x_recon = dec(z)
vae_recon_loss = F.binary_cross_entropy_with_logits(x_recon, x1, reduction="sum") / 8
vae_kld = (-0.5 * (1 + logvar - mu ** 2 - logvar.exp())).sum(1).mean()
D_z = D(z)
vae_tc_loss = (D_z[:, :1] - D_z[:, 1:]).mean()
vae_loss = vae_recon_loss + vae_kld + 6.4 * vae_tc_loss
optim_vae.zero_grad()
vae_loss.backward(retain_graph=True)
optim_vae.step()

mu2, _ = enc(x2).chunk(2, dim=1)
z_pperm = mu2[torch.randperm(8)].detach()
D_tc_loss = 0.5 * (F.cross_entropy(D(z.detach()), zeros) + F.cross_entropy(D(z_pperm), ones))
optim_d.zero_grad()
D_tc_loss.backward()
optim_d.step()
