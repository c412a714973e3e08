import torch
from config import TrainConfig
from unet import TinyUnet
from diffusion import GaussianDiffusion

torch.manual_seed(0)
cfg = TrainConfig()
unet = TinyUnet(cfg.channels, timesteps=cfg.timesteps)
diffusion = GaussianDiffusion(unet, timesteps=cfg.timesteps)
optimizer = torch.optim.Adam(diffusion.parameters(), lr=cfg.lr)

for step in range(cfg.steps):
    images = torch.rand(cfg.batch_size, cfg.channels, cfg.image_size, cfg.image_size) * 2 - 1
    loss = diffusion(images)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    print(step, loss.item())
