import torch
import torch.nn as nn


def _linear_beta(num_train_timesteps: int, beta_start: float = 1e-4, beta_end: float = 2e-2):
    return torch.linspace(beta_start, beta_end, num_train_timesteps, dtype=torch.float32)


def _cosine_beta(num_train_timesteps: int, s: float = 8e-3):
    """
    Cosine noise schedule, see https://arxiv.org/abs/2102.09672

    Returns:
        (betas, alphas, alpha_cumprod) values
    """
    x = torch.linspace(0, num_train_timesteps, num_train_timesteps + 1)
    alphas_cumprod = torch.cos(((x / num_train_timesteps) + s) / (1 + s) * torch.pi * 0.5) ** 2
    alphas_cumprod /= alphas_cumprod[0].item()
    betas = 1.0 - (alphas_cumprod[1:] / alphas_cumprod[:-1])
    betas = torch.clip(betas, 0.0, 0.999)
    alphas = 1.0 - betas
    alphas_cumprod = torch.cumprod(alphas, dim=0)
    return betas, alphas, alphas_cumprod


class Scheduler(nn.Module):
    def __init__(self, num_train_timesteps: int = 1000, schedule: str = "linear_beta"):
        super().__init__()
        if schedule == "cosine":
            self.betas, self.alphas, self.alphas_cumprod = _cosine_beta(num_train_timesteps)
        else:
            self.betas = _linear_beta(num_train_timesteps)
            self.alphas = 1.0 - self.betas
            self.alphas_cumprod = torch.cumprod(self.alphas, dim=0)
        self.num_train_timesteps = num_train_timesteps
        self.one = torch.tensor(1.0)
        self.timesteps = torch.arange(num_train_timesteps - 1, -1, -1)


class DDPMScheduler(Scheduler):
    """Denoising diffusion probabilistic models (DDPM) explores the connections between denoising score matching and
    Langevin dynamics sampling."""

    def __init__(self, num_train_timesteps: int = 1000, schedule: str = "linear_beta", clip_sample: bool = True):
        super().__init__(num_train_timesteps, schedule)
        self.clip_sample = clip_sample

    def set_timesteps(self, num_inference_steps: int) -> None:
        step_ratio = self.num_train_timesteps // num_inference_steps
        self.timesteps = (torch.arange(0, num_inference_steps) * step_ratio).flip(0)

    def _get_variance(self, timestep: int) -> torch.Tensor:
        alpha_prod_t = self.alphas_cumprod[timestep]
        alpha_prod_t_prev = self.alphas_cumprod[timestep - 1] if timestep > 0 else self.one
        variance = (1 - alpha_prod_t_prev) / (1 - alpha_prod_t) * self.betas[timestep]
        return torch.clamp(variance, min=1e-20)

    def step(self, model_output: torch.Tensor, timestep: int, sample: torch.Tensor, generator=None):
        # 1. compute alphas, betas
        alpha_prod_t = self.alphas_cumprod[timestep]
        alpha_prod_t_prev = self.alphas_cumprod[timestep - 1] if timestep > 0 else self.one
        beta_prod_t = 1 - alpha_prod_t
        beta_prod_t_prev = 1 - alpha_prod_t_prev

        # 2. compute predicted original sample from predicted noise
        pred_original_sample = (sample - beta_prod_t ** (0.5) * model_output) / alpha_prod_t ** (0.5)

        # 3. Clip "predicted x_0"
        if self.clip_sample:
            pred_original_sample = torch.clamp(pred_original_sample, -1, 1)

        # 4. Compute coefficients for pred_original_sample x_0 and current sample x_t
        pred_original_sample_coeff = (alpha_prod_t_prev ** (0.5) * self.betas[timestep]) / beta_prod_t
        current_sample_coeff = self.alphas[timestep] ** (0.5) * beta_prod_t_prev / beta_prod_t

        # 5. Compute predicted previous sample
        pred_prev_sample = pred_original_sample_coeff * pred_original_sample + current_sample_coeff * sample

        # 6. Add noise
        variance = torch.tensor(0)
        if timestep > 0:
            noise = torch.randn(model_output.size(), dtype=model_output.dtype, generator=generator)
            variance = (self._get_variance(timestep) ** 0.5) * noise

        pred_prev_sample = pred_prev_sample + variance
        return pred_prev_sample, pred_original_sample

torch.manual_seed(0)

N = 50


class TinyDenoiser(nn.Module):
    def __init__(self, channels=1):
        super().__init__()
        self.net = nn.Sequential(nn.Conv2d(channels + 1, 16, 3, padding=1), nn.SiLU(), nn.Conv2d(16, channels, 3, padding=1))

    def forward(self, x, t):
        t_map = torch.full_like(x[:, :1], float(t) / N)
        return self.net(torch.cat([x, t_map], dim=1))


model = TinyDenoiser().eval()
scheduler = DDPMScheduler(num_train_timesteps=N, schedule="cosine")
scheduler.set_timesteps(N)

image = torch.randn(1, 1, 16, 16)
with torch.no_grad():
    for t in scheduler.timesteps:
        model_output = model(image, t)
        image, _ = scheduler.step(model_output, int(t), image)
