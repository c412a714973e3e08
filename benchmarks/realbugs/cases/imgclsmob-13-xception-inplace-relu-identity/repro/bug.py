import torch
import torch.nn as nn

torch.manual_seed(0)

identity_conv = nn.Conv2d(8, 16, kernel_size=1, stride=2)
activ = nn.ReLU(inplace=True)
dw = nn.Conv2d(8, 8, kernel_size=3, padding=1, groups=8)
pw = nn.Conv2d(8, 16, kernel_size=1)
pool = nn.MaxPool2d(kernel_size=3, stride=2, padding=1)
stem = nn.Conv2d(3, 8, kernel_size=3, padding=1)

x = stem(torch.randn(2, 3, 16, 16))
x = x + 0.1
identity = identity_conv(x)
x = activ(x)
x = pw(dw(x))
x = pool(x)
out = x + identity
loss = out.pow(2).mean()
loss.backward()
