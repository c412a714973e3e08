import torch

from vamb.encode import VAE

torch.manual_seed(0)

nsamples = 6
vae = VAE(nsamples)
with torch.no_grad():
    vae.decoder.bias[:nsamples] = torch.tensor([120.0, 0, 0, 0, 0, 0])
depths_in = torch.zeros(16, nsamples)
depths_in[:, 0] = 1.0
tnf_in = torch.randn(16, 10)
optimizer = torch.optim.Adam(vae.parameters(), lr=1e-3)
loss = vae.trainepoch([(depths_in, tnf_in)], optimizer)
