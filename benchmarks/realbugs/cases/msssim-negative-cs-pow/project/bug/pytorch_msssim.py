import torch
import torch.nn.functional as F


def gaussian_window(size, sigma):
    coords = torch.arange(size, dtype=torch.float32) - size // 2
    g = torch.exp(-(coords ** 2) / (2 * sigma ** 2))
    g = g / g.sum()
    return (g[:, None] @ g[None, :]).expand(1, 1, size, size).contiguous()


def ssim(img1, img2, window_size=5):
    window = gaussian_window(window_size, 1.5)
    pad = window_size // 2
    mu1 = F.conv2d(img1, window, padding=pad)
    mu2 = F.conv2d(img2, window, padding=pad)
    sigma1_sq = F.conv2d(img1 * img1, window, padding=pad) - mu1.pow(2)
    sigma2_sq = F.conv2d(img2 * img2, window, padding=pad) - mu2.pow(2)
    sigma12 = F.conv2d(img1 * img2, window, padding=pad) - mu1 * mu2
    C1, C2 = 0.01 ** 2, 0.03 ** 2
    v1 = 2.0 * sigma12 + C2
    v2 = sigma1_sq + sigma2_sq + C2
    cs = torch.mean(v1 / v2)
    ssim_map = ((2 * mu1 * mu2 + C1) * v1) / ((mu1.pow(2) + mu2.pow(2) + C1) * v2)
    return ssim_map.mean(), cs


def msssim(img1, img2, window_size=5):
    weights = torch.tensor([0.0448, 0.2856, 0.3001, 0.2363, 0.1333])
    levels = weights.size()[0]
    mssim, mcs = [], []
    for _ in range(levels):
        sim, cs = ssim(img1, img2, window_size)
        mssim.append(sim)
        mcs.append(cs)
        img1 = F.avg_pool2d(img1, (2, 2))
        img2 = F.avg_pool2d(img2, (2, 2))
    mssim = torch.stack(mssim)
    mcs = torch.stack(mcs)
    pow1 = mcs ** weights
    pow2 = mssim ** weights
    return torch.prod(pow1[:-1] * pow2[-1])
