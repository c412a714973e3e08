import torch
import torch.nn as nn

torch.manual_seed(0)
head = nn.Linear(3, 2)
with torch.no_grad():
    head.weight.zero_()
    head.bias.copy_(torch.tensor([0.0, 100.0]))

x = torch.randn(4, 3)
raw = head(x)
scale = torch.log(torch.exp(raw) + 1)
mu = torch.zeros(4)
y = torch.randn(4)
nll = (torch.log(scale[:, 0]) + 0.5 * ((y - mu) / scale[:, 0]) ** 2).mean()
reg = 1e-3 * scale.sum()
loss = nll + reg
loss.backward()
print("loss", loss.item())
