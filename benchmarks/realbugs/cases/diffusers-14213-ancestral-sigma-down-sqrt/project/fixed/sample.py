import torch
import torch.nn as nn
from schedulers import EulerAncestralDiscreteScheduler
from pipeline import DiffusionPipeline

generator = torch.Generator().manual_seed(0)
torch.manual_seed(0)
unet = nn.Sequential(nn.Conv2d(1, 8, 3, padding=1), nn.SiLU(), nn.Conv2d(8, 1, 3, padding=1))
scheduler = EulerAncestralDiscreteScheduler(beta_schedule="squaredcos_cap_v2")
pipe = DiffusionPipeline(unet, scheduler)
sample = pipe(num_inference_steps=4, generator=generator)
print(sample.isnan().any())
