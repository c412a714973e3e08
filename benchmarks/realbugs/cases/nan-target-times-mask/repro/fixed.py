# https://github.com/INRIA/geoarches/pull/88 - fix from the PR: replace the NaN entries of the target explicitly with torch.where before the masked loss (multiplying by the mask does not remove NaN).
import torch
import torch.nn as nn

torch.manual_seed(0)
model = nn.Conv2d(2, 2, 3, padding=1)
x = torch.randn(1, 2, 8, 8)
target = torch.randn(1, 2, 8, 8)
target[0, 1, :3, :3] = float("nan")  # land points of the ocean variable

mask = (~torch.isnan(target)).float()
target = torch.where(mask.bool(), target, torch.zeros_like(target))
pred = model(x)
loss = ((pred - target) ** 2 * mask).sum() / mask.sum()
loss.backward()
grad = model.weight.grad
print(loss.item())
