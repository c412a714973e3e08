import torch


class ModelSetupDiffusionLossMixin:
    def __init__(self, sqrt_alphas_cumprod, sqrt_one_minus_alphas_cumprod):
        self.sqrt_alphas_cumprod = sqrt_alphas_cumprod
        self.sqrt_one_minus_alphas_cumprod = sqrt_one_minus_alphas_cumprod

    def _debiased_estimation_weight(self, timesteps):
        all_snr = (self.sqrt_alphas_cumprod / self.sqrt_one_minus_alphas_cumprod) ** 2
        snr = all_snr[timesteps]
        weight = torch.minimum(snr, torch.full_like(snr, 1000))
        weight = 1.0 / torch.sqrt(weight)
        return weight

    def _diffusion_losses(self, predicted, target, timesteps, debiased_estimation=True):
        losses = ((predicted - target) ** 2).mean(dim=list(range(1, predicted.dim())))
        if debiased_estimation:
            losses = losses * self._debiased_estimation_weight(timesteps)
        return losses.mean()
