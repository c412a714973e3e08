import numpy as np
import torch


def rescale_zero_terminal_snr(betas):
    alphas_bar_sqrt = np.sqrt(np.cumprod(1.0 - betas))
    first, last = alphas_bar_sqrt[0], alphas_bar_sqrt[-1]
    alphas_bar_sqrt = (alphas_bar_sqrt - last) * first / (first - last)
    alphas_bar = alphas_bar_sqrt ** 2
    alphas = np.concatenate([alphas_bar[:1], alphas_bar[1:] / alphas_bar[:-1]])
    return 1 - alphas


def _extract_into_tensor(arr, timesteps, broadcast_shape):
    res = torch.from_numpy(arr)[timesteps].float()
    while len(res.shape) < len(broadcast_shape):
        res = res[..., None]
    return res.expand(broadcast_shape)


class GaussianDiffusion:
    def __init__(self, betas, mse_loss_weight_type="constant"):
        self.num_timesteps = len(betas)
        self.mse_loss_weight_type = mse_loss_weight_type
        alphas_cumprod = np.cumprod(1.0 - betas)
        self.sqrt_alphas_cumprod = np.sqrt(alphas_cumprod)
        self.sqrt_one_minus_alphas_cumprod = np.sqrt(1.0 - alphas_cumprod)

    def q_sample(self, x_start, t, noise):
        return (_extract_into_tensor(self.sqrt_alphas_cumprod, t, x_start.shape) * x_start
                + _extract_into_tensor(self.sqrt_one_minus_alphas_cumprod, t, x_start.shape) * noise)

    def training_losses(self, model, x_start, t):
        noise = torch.randn_like(x_start)
        x_t = self.q_sample(x_start, t, noise)
        model_output = model(x_t, t)
        alpha = _extract_into_tensor(self.sqrt_alphas_cumprod, t, t.shape)
        sigma = _extract_into_tensor(self.sqrt_one_minus_alphas_cumprod, t, t.shape)
        snr = (alpha / sigma) ** 2
        if self.mse_loss_weight_type.startswith("min_snr_"):
            k = float(self.mse_loss_weight_type.split("min_snr_")[-1])
            mse_loss_weight = torch.where(snr > 0, torch.clamp(snr, max=k) / snr.clamp(min=1e-8), torch.ones_like(snr))
        else:
            mse_loss_weight = torch.ones_like(snr)
        mse = ((noise - model_output) ** 2).mean(dim=list(range(1, len(x_start.shape))))
        return {"loss": mse_loss_weight * mse, "mse": mse}
