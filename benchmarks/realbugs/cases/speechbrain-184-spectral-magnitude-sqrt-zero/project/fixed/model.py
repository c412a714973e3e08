import torch.nn as nn
from features import STFT, spectral_magnitude


class MaskEnhancer(nn.Module):
    def __init__(self, n_fft=32, hop_length=16, hidden=24):
        super().__init__()
        self.compute_stft = STFT(n_fft, hop_length)
        n_freq = n_fft // 2 + 1
        self.mask_net = nn.Sequential(nn.Linear(n_freq, hidden), nn.ReLU(), nn.Linear(hidden, n_freq), nn.Sigmoid())

    def forward(self, noisy_wavs):
        noisy_stft = self.compute_stft(noisy_wavs)
        feats = spectral_magnitude(noisy_stft, power=0.5, log=True)
        mask = self.mask_net(feats)
        return noisy_stft * mask.unsqueeze(-1)
