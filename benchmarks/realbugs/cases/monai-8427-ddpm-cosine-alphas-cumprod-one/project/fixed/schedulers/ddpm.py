import torch

from schedulers.scheduler import Scheduler


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
