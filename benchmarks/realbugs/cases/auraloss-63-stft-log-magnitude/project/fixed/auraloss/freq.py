import torch
import torch.nn as nn
import torch.nn.functional as F


class SpectralConvergenceLoss(nn.Module):
    def forward(self, x_mag, y_mag):
        return torch.norm(y_mag - x_mag, p="fro") / (torch.norm(y_mag, p="fro") + 1e-8)


class STFTMagnitudeLoss(nn.Module):
    def __init__(self, log=True, distance="L1"):
        super().__init__()
        self.log = log
        self.distance = F.l1_loss if distance == "L1" else F.mse_loss

    def forward(self, x_mag, y_mag):
        if self.log:
            x_mag = torch.log(x_mag + 1e-8)
            y_mag = torch.log(y_mag + 1e-8)
        return self.distance(x_mag, y_mag)


class STFTLoss(nn.Module):
    def __init__(self, fft_size=64, hop_size=16, w_sc=1.0, w_log_mag=1.0):
        super().__init__()
        self.fft_size = fft_size
        self.hop_size = hop_size
        self.w_sc = w_sc
        self.w_log_mag = w_log_mag
        self.register_buffer("window", torch.hann_window(fft_size))
        self.spectralconv = SpectralConvergenceLoss()
        self.logstft = STFTMagnitudeLoss(log=True)

    def stft(self, x):
        spec = torch.stft(x, self.fft_size, self.hop_size, window=self.window, return_complex=True)
        return spec.abs()

    def forward(self, input, target):
        x_mag = self.stft(input.flatten(0, 1))
        y_mag = self.stft(target.flatten(0, 1))
        return self.w_sc * self.spectralconv(x_mag, y_mag) + self.w_log_mag * self.logstft(x_mag, y_mag)
