import torch
import torch.nn as nn

torch.manual_seed(0)
conv1 = nn.Sequential(nn.Conv2d(8, 4, 1, bias=False), nn.BatchNorm2d(4), nn.ReLU())
conv2 = nn.Sequential(nn.Conv2d(4, 8, 3, padding=1, bias=False), nn.BatchNorm2d(8), nn.ReLU())

x = torch.randn(2, 8, 6, 6, requires_grad=True)
residual = x
out = conv2(conv1(x))
out = out + residual
loss = out.mean()
loss.backward()
print("loss", loss.item())
