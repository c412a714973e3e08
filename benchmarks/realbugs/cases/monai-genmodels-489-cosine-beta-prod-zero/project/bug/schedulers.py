import torch


def cosine_schedule(num_train_timesteps, s=0.008):
    x = torch.linspace(0, num_train_timesteps, num_train_timesteps + 1)
    alphas_cumprod = torch.cos(((x / num_train_timesteps) + s) / (1 + s) * torch.pi * 0.5) ** 2
    alphas_cumprod /= alphas_cumprod[0].item()
    alphas = torch.clip(alphas_cumprod[1:] / alphas_cumprod[:-1], 0.0001, 0.9999)
    betas = 1.0 - alphas
    return betas, alphas, alphas_cumprod[:-1]


class DDPMScheduler:
    def __init__(self, num_train_timesteps=1000, schedule="cosine"):
        self.num_train_timesteps = num_train_timesteps
        self.betas, self.alphas, self.alphas_cumprod = cosine_schedule(num_train_timesteps)
        self.one = torch.tensor(1.0)
        self.timesteps = torch.arange(num_train_timesteps - 1, -1, -1)

    def add_noise(self, original, noise, timesteps):
        a = self.alphas_cumprod[timesteps].sqrt().view(-1, 1, 1, 1)
        b = (1 - self.alphas_cumprod[timesteps]).sqrt().view(-1, 1, 1, 1)
        return a * original + b * noise

    def step(self, model_output, timestep, sample):
        alpha_prod_t = self.alphas_cumprod[timestep]
        alpha_prod_t_prev = self.alphas_cumprod[timestep - 1] if timestep > 0 else self.one
        beta_prod_t = 1 - alpha_prod_t
        beta_prod_t_prev = 1 - alpha_prod_t_prev
        pred_original_sample = (sample - beta_prod_t ** 0.5 * model_output) / alpha_prod_t ** 0.5
        pred_original_sample_coeff = (alpha_prod_t_prev ** 0.5 * self.betas[timestep]) / beta_prod_t
        current_sample_coeff = self.alphas[timestep] ** 0.5 * beta_prod_t_prev / beta_prod_t
        return pred_original_sample_coeff * pred_original_sample + current_sample_coeff * sample
