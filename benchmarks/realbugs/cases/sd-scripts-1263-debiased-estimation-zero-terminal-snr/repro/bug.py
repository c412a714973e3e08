# kohya-ss/sd-scripts#1263: with the betas rescaled for zero terminal SNR before all_snr is computed,
# all_snr[999] = 0 and apply_debiased_estimation's weight 1 / sqrt(snr_t) is 1 / 0 for the terminal timestep.
import torch

torch.manual_seed(0)

betas = torch.linspace(0.00085 ** 0.5, 0.012 ** 0.5, 1000) ** 2
alphas_bar_sqrt = (1 - betas).cumprod(0).sqrt()
a0, aT = alphas_bar_sqrt[0].clone(), alphas_bar_sqrt[-1].clone()
alphas_bar_sqrt = (alphas_bar_sqrt - aT) * a0 / (a0 - aT)
alphas_cumprod = alphas_bar_sqrt ** 2
all_snr = (torch.sqrt(alphas_cumprod) / torch.sqrt(1.0 - alphas_cumprod)) ** 2

unet = torch.nn.Linear(4, 4)
latents = torch.randn(2, 4)
noise = torch.randn(2, 4)
timesteps = torch.tensor([500, 999])  # the batch samples the terminal timestep
ac = alphas_cumprod[timesteps].unsqueeze(1)
noisy = ac.sqrt() * latents + (1 - ac).sqrt() * noise
target = ac.sqrt() * noise - (1 - ac).sqrt() * latents  # v-prediction
loss = ((unet(noisy) - target) ** 2).mean(1)
snr_t = torch.stack([all_snr[t] for t in timesteps])
snr_t = torch.minimum(snr_t, torch.ones_like(snr_t) * 1000)
weight = 1 / torch.sqrt(snr_t)
loss = (weight * loss).mean()
loss.backward()
