# https://github.com/AggMan96/RK-Net/issues/9 -- the keypoint attention map (a ReLU output) has its border zeroed by slice assignment in place; ReLU's backward needs the unmodified output.
import torch
import torch.nn as nn

torch.manual_seed(0)
conv = nn.Conv2d(8, 1, kernel_size=3, padding=1)
relu = nn.ReLU()
polish = True

x = torch.randn(2, 8, 12, 12)
att = relu(conv(x))
if polish:
    att[:, :, :, 0] = 0
    att[:, :, :, -1] = 0
    att[:, :, 0, :] = 0
    att[:, :, -1, :] = 0
out = x * torch.sigmoid(att)
loss = out.pow(2).mean()
loss.backward()
