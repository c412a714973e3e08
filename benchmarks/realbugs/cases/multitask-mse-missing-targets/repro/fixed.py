# https://github.com/chemprop/chemprop/pull/1303 - fix from the PR (masked MSE): missing targets are masked out of both the loss and its normalisation (NaN targets replaced before the subtraction).
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
ffn = nn.Linear(8, 2)
fingerprints = torch.randn(4, 8)
targets = torch.tensor([[1.0, float("nan")], [0.5, 2.0], [float("nan"), 1.5], [0.2, 0.3]])

preds = ffn(fingerprints)
mask = targets.isfinite()
targets = targets.nan_to_num(nan=0.0)
loss = (F.mse_loss(preds, targets, reduction="none") * mask).sum() / mask.sum()
loss.backward()
grad = ffn.weight.grad
print(loss.item())
