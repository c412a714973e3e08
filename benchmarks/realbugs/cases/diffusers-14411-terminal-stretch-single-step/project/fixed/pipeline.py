import torch
import torch.nn as nn


class TinyTransformer(nn.Module):
    def __init__(self, ch=4):
        super().__init__()
        self.proj = nn.Conv2d(ch + 1, ch, 3, padding=1)

    def forward(self, x, t):
        tt = torch.full_like(x[:, :1], float(t) / 1000.0)
        return self.proj(torch.cat([x, tt], 1))


class LTXPipeline:
    def __init__(self, transformer, scheduler):
        self.transformer = transformer
        self.scheduler = scheduler

    @torch.no_grad()
    def __call__(self, latents, num_inference_steps):
        self.scheduler.set_timesteps(num_inference_steps)
        for i, t in enumerate(self.scheduler.timesteps):
            noise_pred = self.transformer(latents, t)
            latents = self.scheduler.step(noise_pred, i, latents)
        return latents
