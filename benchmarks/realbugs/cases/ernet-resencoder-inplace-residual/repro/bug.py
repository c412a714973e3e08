# https://github.com/iMED-Lab/ER-Net/pull/3 -- the residual encoder adds the shortcut in place (out += residual) onto a ReLU output that ReLU's backward still needs.
import torch
import torch.nn as nn

torch.manual_seed(0)
conv1 = nn.Conv3d(1, 4, kernel_size=3, padding=1)
bn1 = nn.BatchNorm3d(4)
conv2 = nn.Conv3d(4, 4, kernel_size=3, padding=1)
bn2 = nn.BatchNorm3d(4)
conv1x1 = nn.Conv3d(1, 4, kernel_size=1)
relu = nn.ReLU(inplace=False)

x = torch.randn(2, 1, 8, 8, 8)
residual = conv1x1(x)
out = relu(bn1(conv1(x)))
out = relu(bn2(conv2(out)))
out += residual
out = relu(out)
loss = out.mean()
loss.backward()
