import torch

torch.manual_seed(0)
num_train_timesteps = 20
s = 0.008
x = torch.linspace(0, num_train_timesteps, num_train_timesteps + 1)
alphas_cumprod = torch.cos(((x / num_train_timesteps) + s) / (1 + s) * torch.pi * 0.5) ** 2
alphas_cumprod /= alphas_cumprod[0].item()
alphas = torch.clip(alphas_cumprod[1:] / alphas_cumprod[:-1], 0.0001, 0.9999)
betas = 1.0 - alphas
alphas_cumprod = torch.cumprod(alphas, dim=0)
one = torch.tensor(1.0)

model = torch.nn.Conv2d(1, 1, 3, padding=1)
image = torch.randn(1, 1, 8, 8)
with torch.no_grad():
    for t in reversed(range(num_train_timesteps)):
        model_output = model(image)
        alpha_prod_t = alphas_cumprod[t]
        alpha_prod_t_prev = alphas_cumprod[t - 1] if t > 0 else one
        beta_prod_t = 1 - alpha_prod_t
        beta_prod_t_prev = 1 - alpha_prod_t_prev
        pred_original_sample = (image - beta_prod_t ** 0.5 * model_output) / alpha_prod_t ** 0.5
        pred_original_sample_coeff = (alpha_prod_t_prev ** 0.5 * betas[t]) / beta_prod_t
        current_sample_coeff = alphas[t] ** 0.5 * beta_prod_t_prev / beta_prod_t
        image = pred_original_sample_coeff * pred_original_sample + current_sample_coeff * image
print(image.isfinite().all())
