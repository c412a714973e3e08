import torch

from nhits import NHITS

torch.manual_seed(0)
model = NHITS()
# resumed from a checkpoint: the RevIN affine weight of the third series was driven below zero
with torch.no_grad():
    model.scaler.revin_weight[0, 2, 0] = -0.05
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)

for step in range(2):
    y = torch.randn(8, 3, 20).cumsum(-1)
    insample_y, target = y[..., :16], y[..., 16:]
    insample_mask = torch.ones_like(insample_y)
    forecast = model(insample_y, insample_mask)
    loss = (forecast - target).abs().mean()
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    print(step, loss.item())
