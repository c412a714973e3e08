# fixed as in glow-pytorch#6: out-of-place z2 = z2 + shift; z2 = z2 * scale.
# chaiyujin/glow-pytorch#6: the affine coupling updates z2, a view of the flow activation z, in place
# (z2 += shift; z2 *= scale); z1 is a view of the same tensor and was saved by the first conv of f(z1),
# so backward finds it modified ("modified by an inplace operation").
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
C = 4
invconv = nn.Conv2d(C, C, 1, bias=False)
f = nn.Sequential(nn.Conv2d(C // 2, 16, 3, padding=1), nn.ReLU(inplace=True),
                  nn.Conv2d(16, 16, 1), nn.ReLU(inplace=True), nn.Conv2d(16, C, 3, padding=1))

x = torch.rand(2, C, 4, 4)
z = invconv(x)
z1, z2 = z[:, :C // 2, ...], z[:, C // 2:, ...]
h = f(z1)
shift, scale = h[:, 0::2, ...], h[:, 1::2, ...]
scale = F.sigmoid(scale + 2.)
z2 = z2 + shift
z2 = z2 * scale
logdet = torch.log(scale).sum(dim=[1, 2, 3])
z = torch.cat((z1, z2), dim=1)
nll = torch.mean(0.5 * (z ** 2).sum(dim=[1, 2, 3]) - logdet)
nll.backward()
