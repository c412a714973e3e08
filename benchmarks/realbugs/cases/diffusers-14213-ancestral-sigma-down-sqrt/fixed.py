import math
import numpy as np
import torch

torch.manual_seed(0)


def betas_for_alpha_bar(num_diffusion_timesteps, max_beta=0.999):
    def alpha_bar_fn(t):
        return math.cos((t + 0.008) / 1.008 * math.pi / 2) ** 2
    betas = []
    for i in range(num_diffusion_timesteps):
        t1 = i / num_diffusion_timesteps
        t2 = (i + 1) / num_diffusion_timesteps
        betas.append(min(1 - alpha_bar_fn(t2) / alpha_bar_fn(t1), max_beta))
    return torch.tensor(betas, dtype=torch.float32)


betas = betas_for_alpha_bar(1000)
alphas_cumprod = torch.cumprod(1.0 - betas, dim=0)
num_inference_steps = 4
timesteps = np.linspace(0, 999, num_inference_steps, dtype=float)[::-1].copy()
sigmas = np.array(((1 - alphas_cumprod) / alphas_cumprod) ** 0.5)
sigmas = np.interp(timesteps, np.arange(0, len(sigmas)), sigmas)
sigmas = torch.from_numpy(np.concatenate([sigmas, [0.0]]).astype(np.float32))

denoiser = torch.nn.Conv2d(1, 1, 3, padding=1)
sample = torch.randn(1, 1, 8, 8) * sigmas[0]
with torch.no_grad():
    for i in range(num_inference_steps):
        sigma_from, sigma_to = sigmas[i], sigmas[i + 1]
        model_output = denoiser(sample / (sigma_from ** 2 + 1) ** 0.5)
        pred_original_sample = sample - sigma_from * model_output
        sigma_up = (sigma_to ** 2 * (sigma_from ** 2 - sigma_to ** 2) / sigma_from ** 2) ** 0.5
        sigma_down = (sigma_to ** 2 - sigma_up ** 2).clamp(min=0) ** 0.5
        derivative = (sample - pred_original_sample) / sigma_from
        sample = sample + derivative * (sigma_down - sigma_from) + torch.randn_like(sample) * sigma_up
print(sample.isnan().any())
