import torch
import torch.nn as nn

torch.manual_seed(0)

T = 20
betas = torch.linspace(1e-4, 0.02, T, dtype=torch.float64)
alphas_bar_sqrt = torch.cumprod(1 - betas, 0).sqrt()
alphas_bar_sqrt = (alphas_bar_sqrt - alphas_bar_sqrt[-1]) * alphas_bar_sqrt[0] / (alphas_bar_sqrt[0] - alphas_bar_sqrt[-1])
sqrt_alphas_cumprod = alphas_bar_sqrt.float()
sqrt_one_minus_alphas_cumprod = (1 - alphas_bar_sqrt ** 2).sqrt().float()

model = nn.Linear(8, 8)
timesteps = torch.tensor([3, 11, T - 1, 7])
latents = torch.randn(4, 8)
noise = torch.randn_like(latents)
noisy = sqrt_alphas_cumprod[timesteps, None] * latents + sqrt_one_minus_alphas_cumprod[timesteps, None] * noise
losses = ((model(noisy) - noise) ** 2).mean(dim=1)
all_snr = (sqrt_alphas_cumprod / sqrt_one_minus_alphas_cumprod) ** 2
snr = all_snr[timesteps]
weight = torch.minimum(snr, torch.full_like(snr, 1000))
weight = 1.0 / torch.sqrt(weight)
loss = (losses * weight).mean()
loss.backward()
