import torch
import torch.nn as nn

torch.manual_seed(0)

e1_conv = nn.Conv1d(1, 8, kernel_size=4, stride=2, padding=1)
e1_relu = nn.ReLU()
e2 = nn.Sequential(nn.LeakyReLU(0.2, inplace=False), nn.Conv1d(8, 16, kernel_size=4, stride=2, padding=1))
d1 = nn.ConvTranspose1d(16, 8, kernel_size=4, stride=2, padding=1)
out_l = nn.ConvTranspose1d(16, 1, kernel_size=4, stride=2, padding=1)

ecg = torch.randn(2, 1, 64)
en1 = e1_relu(e1_conv(ecg))
en2 = e2(en1)
de1 = torch.cat([en1, d1(en2)], 1)
out = out_l(de1)
loss = nn.functional.smooth_l1_loss(out, torch.rand(2, 1, 64))
loss.backward()
