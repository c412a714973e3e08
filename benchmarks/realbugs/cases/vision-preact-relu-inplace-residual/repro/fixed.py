import torch
import torch.nn as nn

torch.manual_seed(0)
conv = nn.Conv2d(4, 4, 3, padding=1)
relu = nn.ReLU(inplace=True)
x = torch.randn(2, 4, 8, 8)

identity = x
out = conv(x)
out = relu(out)
out = out + identity
loss = out.mean()
loss.backward()
