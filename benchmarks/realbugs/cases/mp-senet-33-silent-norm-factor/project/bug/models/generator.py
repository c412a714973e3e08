import torch
import torch.nn as nn


class MPNet(nn.Module):
    def __init__(self, n_fft=64, hop=16, ch=8):
        super().__init__()
        self.n_fft = n_fft
        self.hop = hop
        self.mask = nn.Sequential(nn.Conv2d(1, ch, 3, padding=1), nn.PReLU(), nn.Conv2d(ch, 1, 3, padding=1), nn.Sigmoid())

    def forward(self, noisy):
        window = torch.hann_window(self.n_fft)
        spec = torch.stft(noisy, self.n_fft, self.hop, window=window, return_complex=True)
        mag = spec.abs().clamp(min=1e-8) ** 0.3
        mask = self.mask(mag[:, None])[:, 0]
        est = (mag * mask) ** (1 / 0.3) * torch.exp(1j * spec.angle())
        return torch.istft(est, self.n_fft, self.hop, window=window, length=noisy.shape[-1])
