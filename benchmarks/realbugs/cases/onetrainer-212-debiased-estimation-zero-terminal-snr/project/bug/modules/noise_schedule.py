import torch


def zero_terminal_snr_schedule(num_timesteps, beta_start=1e-4, beta_end=0.02):
    betas = torch.linspace(beta_start, beta_end, num_timesteps, dtype=torch.float64)
    alphas_bar_sqrt = torch.cumprod(1 - betas, 0).sqrt()
    first, last = alphas_bar_sqrt[0].clone(), alphas_bar_sqrt[-1].clone()
    alphas_bar_sqrt = (alphas_bar_sqrt - last) * first / (first - last)
    return alphas_bar_sqrt.float(), (1 - alphas_bar_sqrt ** 2).sqrt().float()
