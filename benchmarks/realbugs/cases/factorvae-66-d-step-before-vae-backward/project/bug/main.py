import torch

from factorvae import FactorVAE

torch.manual_seed(0)
trainer = FactorVAE()
data = torch.rand(32, 16)          # dsprites-like flattened images

for it in range(2):
    x = data[it * 16:(it + 1) * 16]
    vae_loss, d_loss = trainer.train_step(x)
    print(it, vae_loss.item(), d_loss.item())
