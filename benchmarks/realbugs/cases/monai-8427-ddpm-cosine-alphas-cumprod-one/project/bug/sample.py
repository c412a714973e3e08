import torch
import torch.nn as nn

from schedulers import DDPMScheduler

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
