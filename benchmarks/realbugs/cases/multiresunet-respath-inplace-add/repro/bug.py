import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
conv1x1 = nn.Sequential(nn.Conv2d(4, 8, 1), nn.BatchNorm2d(8, affine=False))
conv3x3 = nn.Sequential(nn.Conv2d(4, 8, 3, padding=1), nn.BatchNorm2d(8, affine=False))
bn = nn.BatchNorm2d(8, affine=False)

inp = torch.randn(2, 4, 8, 8)
shortcut = conv1x1(inp)
x = F.relu(conv3x3(inp))
x += shortcut
x = F.relu(x)
x = bn(x)
loss = x.pow(2).mean()
loss.backward()
print("loss", loss.item())
