# https://github.com/Li-Chongyi/Zero-DCE_extension/issues/2 -- the colour-constancy loss takes torch.pow(..., 0.5) of the squared channel-mean differences; an image whose channel means are equal (e.g. saturated white) makes it pow(0, 0.5), whose gradient is infinite.
import torch
import torch.nn as nn

torch.manual_seed(0)
curve_net = nn.Sequential(nn.Conv2d(3, 8, 3, padding=1), nn.ReLU(), nn.Conv2d(8, 3, 3, padding=1), nn.Tanh())
x = torch.ones(1, 3, 16, 16)                     # an over-exposed (all white) training image

r = curve_net(x)
enhance_image = x
for _ in range(4):
    enhance_image = enhance_image + r * (torch.pow(enhance_image, 2) - enhance_image)

mean_rgb = torch.mean(enhance_image, [2, 3], keepdim=True)
mr, mg, mb = torch.split(mean_rgb, 1, dim=1)
Drg = torch.pow(mr - mg, 2)
Drb = torch.pow(mr - mb, 2)
Dgb = torch.pow(mb - mg, 2)
k = torch.pow(torch.pow(Drg, 2) + torch.pow(Drb, 2) + torch.pow(Dgb, 2), 0.5)
loss_col = 5 * torch.mean(k)
loss_col.backward()
