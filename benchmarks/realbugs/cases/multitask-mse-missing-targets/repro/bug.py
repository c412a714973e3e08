# https://github.com/chemprop/chemprop/pull/1303 - multi-task regression where some task labels are missing (NaN); the default MSE over all entries is NaN.
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
ffn = nn.Linear(8, 2)
fingerprints = torch.randn(4, 8)
targets = torch.tensor([[1.0, float("nan")], [0.5, 2.0], [float("nan"), 1.5], [0.2, 0.3]])

preds = ffn(fingerprints)
loss = F.mse_loss(preds, targets, reduction="none").mean()
loss.backward()
grad = ffn.weight.grad
print(loss.item())
