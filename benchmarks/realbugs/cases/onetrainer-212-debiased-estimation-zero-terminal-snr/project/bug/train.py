import torch
import torch.nn as nn

from modules.model_setup.diffusion_loss_mixin import ModelSetupDiffusionLossMixin
from modules.noise_schedule import zero_terminal_snr_schedule

torch.manual_seed(0)

num_timesteps = 50
sqrt_ac, sqrt_1m_ac = zero_terminal_snr_schedule(num_timesteps)
loss_mixin = ModelSetupDiffusionLossMixin(sqrt_ac, sqrt_1m_ac)
unet = nn.Sequential(nn.Linear(16, 64), nn.SiLU(), nn.Linear(64, 16))
optimizer = torch.optim.AdamW(unet.parameters(), lr=1e-4)

losses = []
for step in range(10):
    latents = torch.randn(16, 16)
    noise = torch.randn_like(latents)
    timesteps = torch.randint(0, num_timesteps, (16,))
    noisy = sqrt_ac[timesteps, None] * latents + sqrt_1m_ac[timesteps, None] * noise
    loss = loss_mixin._diffusion_losses(unet(noisy), noise, timesteps)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    losses.append(loss.detach())
