import numpy as np
import torch

torch.manual_seed(0)


def stretch_shift_to_terminal(t, shift_terminal=0.1):
    one_minus_z = 1 - t
    if len(t) < 2 or one_minus_z[-1] == 0:
        return t
    scale_factor = one_minus_z[-1] / (1 - shift_terminal)
    stretched_t = 1 - (one_minus_z / scale_factor)
    return stretched_t


num_inference_steps = 1
sigmas = torch.from_numpy(np.linspace(1.0, 1 / num_inference_steps, num_inference_steps)).float()
sigmas = stretch_shift_to_terminal(sigmas)
sigmas = torch.cat([sigmas, torch.zeros(1)])

latents = torch.randn(1, 4, 8, 8)
for i in range(num_inference_steps):
    noise_pred = 0.1 * latents
    latents = latents + (sigmas[i + 1] - sigmas[i]) * noise_pred
print(sigmas, latents.isnan().any())
