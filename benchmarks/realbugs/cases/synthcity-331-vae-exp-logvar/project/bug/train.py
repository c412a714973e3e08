import torch

from vae import VAE

torch.manual_seed(0)

X = torch.randn(64, 5) * 2000
model = VAE(5, 4)
loss = model.fit(X)
