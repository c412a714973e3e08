import torch
import torch.nn as nn
from models.unet import Unet


class NormUnet(nn.Module):
    def __init__(self, chans=8):
        super().__init__()
        self.unet = Unet(2, 2, chans)

    def norm(self, x):
        b, c, h, w = x.shape
        x = x.view(b, 2, c // 2 * h * w)
        mean = x.mean(dim=2).view(b, c, 1, 1)
        std = x.std(dim=2).view(b, c, 1, 1)
        x = x.view(b, c, h, w)
        return (x - mean) / std, mean, std

    def unnorm(self, x, mean, std):
        return x * std + mean

    def forward(self, x):
        x, mean, std = self.norm(x)
        x = self.unet(x)
        return self.unnorm(x, mean, std)


class VarNetBlock(nn.Module):
    def __init__(self, model):
        super().__init__()
        self.model = model
        self.dc_weight = nn.Parameter(torch.ones(1))

    def forward(self, current, masked_kspace, mask):
        k = torch.fft.fft2(torch.complex(current[:, 0], current[:, 1]))
        soft_dc = torch.where(mask, k - masked_kspace, torch.zeros_like(k)) * self.dc_weight
        soft_dc = torch.fft.ifft2(soft_dc)
        dc = torch.stack([soft_dc.real, soft_dc.imag], 1)
        return current - dc - self.model(current)
