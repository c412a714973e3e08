import torch

from methodes.twinflow import TwinFlow
from model import TinyTransformer

torch.manual_seed(0)
dtype = torch.bfloat16                     # mixed-precision training as for SD3.5
model = TinyTransformer().to(dtype)
method = TwinFlow(consistc_ratio=1.0, estimate_order=2)
optimizer = torch.optim.AdamW(model.parameters(), lr=1e-4)

for step in range(3):
    x = torch.randn(64, 16, dtype=dtype)   # latents
    loss = method.training_step(model, x)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    print(step, loss.item())
