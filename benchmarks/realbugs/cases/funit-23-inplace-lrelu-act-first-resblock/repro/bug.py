# https://github.com/NVlabs/FUNIT/issues/23 -- the discriminator's ActFirstResBlock computes the learned
# shortcut conv_s(x) and then conv_0, whose activation comes first and is LeakyReLU(inplace=True): it
# overwrites x, which conv_s saved for its backward, and the discriminator update fails.
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
pad = nn.ZeroPad2d(1)
conv_in = nn.Conv2d(3, 8, 3)
conv_s = nn.Conv2d(8, 16, 1, bias=False)
act_0 = nn.LeakyReLU(0.2, inplace=True)
conv_0 = nn.Conv2d(8, 8, 3, padding=1)
act_1 = nn.LeakyReLU(0.2, inplace=True)
conv_1 = nn.Conv2d(8, 16, 3, padding=1)

images = torch.randn(2, 3, 16, 16)
x = pad(conv_in(images))
x_s = conv_s(x)
dx = conv_0(act_0(x))
dx = conv_1(act_1(dx))
out = x_s + dx
resp = out.mean(dim=(1, 2, 3))
loss = F.relu(1.0 - resp).mean()
loss.backward()
