import torch
import torch.nn as nn
import torch.nn.functional as F
from schedulers import DDPMScheduler
from inferer import DiffusionInferer

torch.manual_seed(0)
model = nn.Sequential(nn.Conv2d(1, 8, 3, padding=1), nn.SiLU(), nn.Conv2d(8, 1, 3, padding=1))
scheduler = DDPMScheduler(num_train_timesteps=20, schedule="cosine")
inferer = DiffusionInferer(scheduler)
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)

for step in range(3):
    images = torch.rand(4, 1, 8, 8)
    noise = torch.randn_like(images)
    timesteps = torch.randint(0, scheduler.num_train_timesteps, (4,))
    pred = inferer(images, model, noise, timesteps)
    loss = F.mse_loss(pred, noise)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()

image = inferer.sample(torch.randn(1, 1, 8, 8), model)
print(loss.item(), image.isfinite().all().item())
