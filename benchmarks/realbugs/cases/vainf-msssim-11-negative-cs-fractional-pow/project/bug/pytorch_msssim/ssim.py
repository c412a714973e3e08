import torch
import torch.nn.functional as F


def _fspecial_gauss_1d(size, sigma):
    coords = torch.arange(size, dtype=torch.float) - size // 2
    g = torch.exp(-(coords ** 2) / (2 * sigma ** 2))
    g /= g.sum()
    return g.unsqueeze(0).unsqueeze(0)


def gaussian_filter(input, win):
    C = input.shape[1]
    out = F.conv2d(input, win.unsqueeze(2).expand(C, 1, 1, -1), groups=C)
    return F.conv2d(out, win.unsqueeze(3).expand(C, 1, -1, 1), groups=C)


def _ssim(X, Y, data_range, win, K=(0.01, 0.03)):
    K1, K2 = K
    C1 = (K1 * data_range) ** 2
    C2 = (K2 * data_range) ** 2
    mu1 = gaussian_filter(X, win)
    mu2 = gaussian_filter(Y, win)
    mu1_sq, mu2_sq, mu1_mu2 = mu1.pow(2), mu2.pow(2), mu1 * mu2
    sigma1_sq = gaussian_filter(X * X, win) - mu1_sq
    sigma2_sq = gaussian_filter(Y * Y, win) - mu2_sq
    sigma12 = gaussian_filter(X * Y, win) - mu1_mu2
    cs_map = (2 * sigma12 + C2) / (sigma1_sq + sigma2_sq + C2)
    ssim_map = ((2 * mu1_mu2 + C1) / (mu1_sq + mu2_sq + C1)) * cs_map
    ssim_per_channel = torch.flatten(ssim_map, 2).mean(-1)
    cs = torch.flatten(cs_map, 2).mean(-1)
    return ssim_per_channel, cs


def ms_ssim(X, Y, data_range=1.0, size_average=True, win_size=5, win_sigma=1.5, weights=None):
    if weights is None:
        weights = [0.25, 0.35, 0.4]
    weights = torch.tensor(weights, dtype=X.dtype)
    win = _fspecial_gauss_1d(win_size, win_sigma)
    levels = weights.shape[0]
    mcs = []
    for i in range(levels):
        ssim_per_channel, cs = _ssim(X, Y, data_range=data_range, win=win)
        if i < levels - 1:
            mcs.append(cs)
            X = F.avg_pool2d(X, kernel_size=2)
            Y = F.avg_pool2d(Y, kernel_size=2)
    mcs_and_ssim = torch.stack(mcs + [ssim_per_channel], dim=0)
    ms_ssim_val = torch.prod(mcs_and_ssim ** weights.view(-1, 1, 1), dim=0)
    return ms_ssim_val.mean() if size_average else ms_ssim_val.mean(1)


class MS_SSIM(torch.nn.Module):
    def __init__(self, data_range=1.0, size_average=True, win_size=5, weights=None):
        super().__init__()
        self.data_range, self.size_average, self.win_size, self.weights = data_range, size_average, win_size, weights

    def forward(self, X, Y):
        return ms_ssim(X, Y, data_range=self.data_range, size_average=self.size_average,
                       win_size=self.win_size, weights=self.weights)
