import math
import numpy as np
import torch


def betas_for_alpha_bar(num_diffusion_timesteps, max_beta=0.999):
    def alpha_bar_fn(t):
        return math.cos((t + 0.008) / 1.008 * math.pi / 2) ** 2
    betas = []
    for i in range(num_diffusion_timesteps):
        t1 = i / num_diffusion_timesteps
        t2 = (i + 1) / num_diffusion_timesteps
        betas.append(min(1 - alpha_bar_fn(t2) / alpha_bar_fn(t1), max_beta))
    return torch.tensor(betas, dtype=torch.float32)


class EulerAncestralDiscreteScheduler:
    def __init__(self, num_train_timesteps=1000, beta_schedule="squaredcos_cap_v2"):
        self.num_train_timesteps = num_train_timesteps
        self.betas = betas_for_alpha_bar(num_train_timesteps)
        self.alphas_cumprod = torch.cumprod(1.0 - self.betas, dim=0)

    def set_timesteps(self, num_inference_steps):
        timesteps = np.linspace(0, self.num_train_timesteps - 1, num_inference_steps, dtype=float)[::-1].copy()
        sigmas = np.array(((1 - self.alphas_cumprod) / self.alphas_cumprod) ** 0.5)
        sigmas = np.interp(timesteps, np.arange(0, len(sigmas)), sigmas)
        self.sigmas = torch.from_numpy(np.concatenate([sigmas, [0.0]]).astype(np.float32))
        self.timesteps = torch.from_numpy(timesteps).float()
        self.step_index = 0

    @property
    def init_noise_sigma(self):
        return self.sigmas.max()

    def scale_model_input(self, sample):
        return sample / ((self.sigmas[self.step_index] ** 2 + 1) ** 0.5)

    def step(self, model_output, sample, generator=None):
        sigma_from = self.sigmas[self.step_index]
        sigma_to = self.sigmas[self.step_index + 1]
        pred_original_sample = sample - sigma_from * model_output
        sigma_up = (sigma_to ** 2 * (sigma_from ** 2 - sigma_to ** 2) / sigma_from ** 2) ** 0.5
        sigma_down = (sigma_to ** 2 - sigma_up ** 2) ** 0.5
        derivative = (sample - pred_original_sample) / sigma_from
        prev_sample = sample + derivative * (sigma_down - sigma_from)
        noise = torch.randn(sample.shape, generator=generator)
        self.step_index += 1
        return prev_sample + noise * sigma_up
