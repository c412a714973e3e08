import torch
import torch.nn as nn

torch.manual_seed(0)

T = 10
betas = torch.linspace(1e-4, 0.2, T, dtype=torch.float64)
alphas_cumprod = torch.cumprod(1 - betas, 0)
sqrt_ac = alphas_cumprod.sqrt()
sqrt_ac = (sqrt_ac - sqrt_ac[-1]) * sqrt_ac[0] / (sqrt_ac[0] - sqrt_ac[-1])
alphas_cumprod = (sqrt_ac ** 2).float()

model = nn.Linear(8, 8)
x_start = torch.randn(12, 8)
t = torch.randint(0, T, (12,))
t[0] = T - 1
noise = torch.randn_like(x_start)
alpha = alphas_cumprod[t].sqrt()
sigma = (1 - alphas_cumprod[t]).sqrt()
x_t = alpha[:, None] * x_start + sigma[:, None] * noise
snr = (alpha / sigma) ** 2
k = 5.0
mse_loss_weight = torch.where(snr > 0, torch.clamp(snr, max=k) / snr.clamp(min=1e-8), torch.ones_like(snr))
loss = (mse_loss_weight * ((model(x_t) - noise) ** 2).mean(dim=1)).mean()
loss.backward()
