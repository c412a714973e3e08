import torch

from library import custom_train_functions

torch.manual_seed(0)


class DDPMScheduler:
    def __init__(self, beta_start=0.00085, beta_end=0.012, num_train_timesteps=1000):
        self.num_train_timesteps = num_train_timesteps
        self.betas = torch.linspace(beta_start ** 0.5, beta_end ** 0.5, num_train_timesteps) ** 2
        self.alphas = 1.0 - self.betas
        self.alphas_cumprod = torch.cumprod(self.alphas, dim=0)

    def add_noise(self, x, noise, t):
        ac = self.alphas_cumprod[t].view(-1, 1)
        return ac.sqrt() * x + (1 - ac).sqrt() * noise

    def get_velocity(self, x, noise, t):
        ac = self.alphas_cumprod[t].view(-1, 1)
        return ac.sqrt() * noise - (1 - ac).sqrt() * x


zero_terminal_snr, v_parameterization, debiased_estimation_loss = True, True, True
noise_scheduler = DDPMScheduler()
if zero_terminal_snr:  # the order proposed in the issue
    custom_train_functions.fix_noise_scheduler_betas_for_zero_terminal_snr(noise_scheduler)
custom_train_functions.prepare_scheduler_for_custom_training(noise_scheduler, "cpu")

unet = torch.nn.Sequential(torch.nn.Linear(4, 16), torch.nn.SiLU(), torch.nn.Linear(16, 4))
optimizer = torch.optim.AdamW(unet.parameters(), lr=1e-4)

latents = torch.randn(4, 4)
noise = torch.randn_like(latents)
timesteps = torch.tensor([10, 500, 999, 250])  # a batch that draws the terminal timestep
noisy_latents = noise_scheduler.add_noise(latents, noise, timesteps)
target = noise_scheduler.get_velocity(latents, noise, timesteps) if v_parameterization else noise
loss = torch.nn.functional.mse_loss(unet(noisy_latents), target, reduction="none").mean(1)
if debiased_estimation_loss:
    loss = custom_train_functions.apply_debiased_estimation(loss, timesteps, noise_scheduler, v_parameterization)
loss = loss.mean()
loss.backward()
optimizer.step()
