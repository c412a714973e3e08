import torch
from torch.utils.data import DataLoader, TensorDataset

from model import Discriminator, Generator

torch.manual_seed(0)
latent_size, out_res, batch_size = 16, 4, 8
G = Generator(latent_size, out_res)
D = Discriminator(latent_size, out_res)
G_optimizer = torch.optim.Adam(G.parameters(), lr=1e-3, betas=(0.0, 0.99))
D_optimizer = torch.optim.Adam(D.parameters(), lr=1e-3, betas=(0.0, 0.99))

dataset = TensorDataset(torch.rand(65, 3, out_res, out_res) * 2 - 1)  # 65 images: the last batch holds one
databar = DataLoader(dataset, batch_size=batch_size, shuffle=False)

d_losses = []
for i, (samples,) in enumerate(databar):
	current_batch_size = samples.size(0)
	z = torch.randn(current_batch_size, latent_size, 1, 1)
	fake = G(z)
	fake_out = D(fake.detach())
	real_out = D(samples)
	d_loss = fake_out.mean() - real_out.mean()
	D_optimizer.zero_grad()
	d_loss.backward()
	D_optimizer.step()
	d_losses.append(d_loss.detach())
