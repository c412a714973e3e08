import torch
import torch.nn.functional as F

torch.manual_seed(0)


def linear_beta_schedule(timesteps):
    scale = 1000 / timesteps
    beta_start = scale * 0.0001
    beta_end = scale * 0.02
    return torch.linspace(beta_start, beta_end, timesteps, dtype=torch.float64).clamp(max=0.999)


timesteps = 10
betas = linear_beta_schedule(timesteps)
alphas = 1.0 - betas
alphas_cumprod = torch.cumprod(alphas, dim=0)
sqrt_alphas_cumprod = torch.sqrt(alphas_cumprod).float()
sqrt_one_minus_alphas_cumprod = torch.sqrt(1.0 - alphas_cumprod).float()

net = torch.nn.Linear(16, 16)
x_start = torch.randn(8, 16)
t = torch.arange(8) + 2
noise = torch.randn_like(x_start)
x_noisy = sqrt_alphas_cumprod[t, None] * x_start + sqrt_one_minus_alphas_cumprod[t, None] * noise
loss = F.mse_loss(net(x_noisy), noise)
loss.backward()
print(loss)
