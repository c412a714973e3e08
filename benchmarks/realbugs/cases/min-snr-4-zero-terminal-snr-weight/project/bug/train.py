import numpy as np
import torch

from gaussian_diffusion import GaussianDiffusion, rescale_zero_terminal_snr
from model import Denoiser

torch.manual_seed(0)

num_timesteps = 20
betas = rescale_zero_terminal_snr(np.linspace(1e-4, 0.02, num_timesteps, dtype=np.float64))
diffusion = GaussianDiffusion(betas, mse_loss_weight_type="min_snr_5")
model = Denoiser(16, num_timesteps)
opt = torch.optim.AdamW(model.parameters(), lr=1e-4)

for step in range(4):
    x_start = torch.randn(32, 16)
    t = torch.randint(0, diffusion.num_timesteps, (x_start.shape[0],))
    losses = diffusion.training_losses(model, x_start, t)
    loss = losses["loss"].mean()
    opt.zero_grad()
    loss.backward()
    opt.step()
