import torch
import torch.nn as nn

torch.manual_seed(0)
model = nn.Linear(6, 4)
x = torch.randn(3, 10, 6)
target = torch.randn(3, 10, 4)
mask = torch.rand(3, 10, 4) > 0.3
target[~mask] = float("nan")

pred = model(x)
per_token_loss = torch.abs(pred - target)
loss = (per_token_loss * mask).sum() / mask.sum()
loss.backward()
print("loss", loss.item())
