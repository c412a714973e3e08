# VainF/pytorch-msssim#11: the contrast-structure term cs computed by _ssim is sometimes negative, and
# ms_ssim raises it to fractional weights: (negative) ** 0.3 = NaN.
import torch
import torch.nn.functional as F

torch.manual_seed(0)


def gauss_1d(size, sigma):
    coords = torch.arange(size, dtype=torch.float) - size // 2
    g = torch.exp(-(coords ** 2) / (2 * sigma ** 2))
    return (g / g.sum()).view(1, 1, 1, -1)


def gaussian_filter(x, win):
    c = x.shape[1]
    out = F.conv2d(x, win.expand(c, 1, 1, -1), groups=c)
    return F.conv2d(out, win.transpose(-1, -2).expand(c, 1, -1, 1), groups=c)


target = torch.rand(1, 1, 32, 32)
X = (1.0 - target).requires_grad_(True)  # an inverted (MONOCHROME1) image compared with its positive
win = gauss_1d(5, 1.5)
weights = torch.tensor([0.25, 0.35, 0.4])
C1, C2 = 0.01 ** 2, 0.03 ** 2
mcs = []
x, y = X, target
for i in range(len(weights)):
    mu1, mu2 = gaussian_filter(x, win), gaussian_filter(y, win)
    sigma1_sq = gaussian_filter(x * x, win) - mu1.pow(2)
    sigma2_sq = gaussian_filter(y * y, win) - mu2.pow(2)
    sigma12 = gaussian_filter(x * y, win) - mu1 * mu2
    cs_map = (2 * sigma12 + C2) / (sigma1_sq + sigma2_sq + C2)
    ssim_map = ((2 * mu1 * mu2 + C1) / (mu1.pow(2) + mu2.pow(2) + C1)) * cs_map
    ssim_per_channel = ssim_map.flatten(2).mean(-1)
    cs = cs_map.flatten(2).mean(-1)
    if i < len(weights) - 1:
        mcs.append(cs)
        x, y = F.avg_pool2d(x, 2), F.avg_pool2d(y, 2)
mcs_and_ssim = torch.stack(mcs + [ssim_per_channel], dim=0)
ms_ssim_val = torch.prod(mcs_and_ssim ** weights.view(-1, 1, 1), dim=0).mean()
loss = 1 - ms_ssim_val
loss.backward()
