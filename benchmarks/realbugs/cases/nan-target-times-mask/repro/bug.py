# https://github.com/INRIA/geoarches/pull/88 - the ground truth keeps NaNs (sea surface temperature over land) and the loss multiplies the error by a 0/1 mask, but NaN * 0 is still NaN.
import torch
import torch.nn as nn

torch.manual_seed(0)
model = nn.Conv2d(2, 2, 3, padding=1)
x = torch.randn(1, 2, 8, 8)
target = torch.randn(1, 2, 8, 8)
target[0, 1, :3, :3] = float("nan")  # land points of the ocean variable

mask = (~torch.isnan(target)).float()
pred = model(x)
loss = ((pred - target) ** 2 * mask).sum() / mask.sum()
loss.backward()
grad = model.weight.grad
print(loss.item())
