# huggingface/diffusers#14569: DDPMScheduler with variance_type="fixed_large_log": _get_variance returns
# log(beta_t) (a negative number) and step() takes its square root as if it were a variance -> NaN samples.
import torch

torch.manual_seed(0)
num_train_timesteps, num_inference_steps = 1000, 10
betas = torch.linspace(0.0001, 0.02, num_train_timesteps)
alphas_cumprod = torch.cumprod(1.0 - betas, dim=0)
variance_type = "fixed_large_log"

sample = torch.randn(1, 2, 2, 2)
model_output = torch.zeros_like(sample)
t = 500
prev_t = t - num_train_timesteps // num_inference_steps
alpha_prod_t = alphas_cumprod[t]
alpha_prod_t_prev = alphas_cumprod[prev_t]
current_beta_t = 1 - alpha_prod_t / alpha_prod_t_prev
if variance_type == "fixed_large_log":
    variance = torch.log(current_beta_t)  # Glide max_log
else:
    variance = current_beta_t

pred_original_sample = ((sample - (1 - alpha_prod_t) ** 0.5 * model_output) / alpha_prod_t ** 0.5).clamp(-1, 1)
pred_prev_sample = (alpha_prod_t_prev ** 0.5 * current_beta_t / (1 - alpha_prod_t)) * pred_original_sample + \
    ((1 - current_beta_t) ** 0.5 * (1 - alpha_prod_t_prev) / (1 - alpha_prod_t)) * sample
variance_noise = torch.randn(model_output.shape, generator=torch.Generator().manual_seed(0))
noise = (variance ** 0.5) * variance_noise
prev_sample = pred_prev_sample + noise
