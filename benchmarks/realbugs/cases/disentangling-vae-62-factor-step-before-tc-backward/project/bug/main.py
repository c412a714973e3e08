"""Train a FactorVAE on random binary-ish images."""
import torch
import torch.optim as optim

from disvae.losses import FactorKLoss
from disvae.models import VAE
from disvae.training import Trainer

IMG_SIZE = 8 * 8
LATENT_DIM = 6

torch.manual_seed(0)
model = VAE(IMG_SIZE, LATENT_DIM)
optimizer = optim.Adam(model.parameters(), lr=5e-4)
loss_f = FactorKLoss(gamma=6.4, latent_dim=LATENT_DIM)
trainer = Trainer(model, optimizer, loss_f)
data_loader = [torch.rand(8, IMG_SIZE) for _ in range(2)]
storer = trainer(data_loader, epochs=1)
last_loss = torch.tensor(storer["loss"][-1])
last_d_tc_loss = torch.tensor(storer["d_tc_loss"][-1])
