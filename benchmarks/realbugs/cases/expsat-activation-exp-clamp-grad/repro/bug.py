import torch
import torch.nn as nn

torch.manual_seed(0)


def exp_saturate(x):
    return torch.exp(x).clamp(max=1)


layer = nn.Linear(4, 6)
x = torch.randn(8, 4) * 100.0
gate = exp_saturate(layer(x))
loss = (gate * torch.randn(8, 6)).sum()
loss.backward()
print("loss", loss.item())
