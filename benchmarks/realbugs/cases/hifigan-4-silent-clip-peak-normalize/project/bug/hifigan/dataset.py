import random

import torch
from torch.utils.data import Dataset


class LogMelSpectrogram(torch.nn.Module):
    def __init__(self, n_fft=256, hop_length=64, n_mels=20):
        super().__init__()
        self.n_fft, self.hop_length = n_fft, hop_length
        g = torch.Generator().manual_seed(0)
        self.register_buffer("mel_basis", torch.rand(n_mels, n_fft // 2 + 1, generator=g))
        self.register_buffer("window", torch.hann_window(n_fft))

    def forward(self, wav):
        spec = torch.stft(wav, self.n_fft, hop_length=self.hop_length, window=self.window, return_complex=True).abs()
        mel = self.mel_basis @ spec
        return torch.log(torch.clamp(mel, min=1e-5))


class MelDataset(Dataset):
    def __init__(self, clips, segment_length=4096, train=True):
        self.clips = clips
        self.segment_length = segment_length
        self.train = train
        self.logmel = LogMelSpectrogram()

    def __len__(self):
        return len(self.clips)

    def __getitem__(self, index):
        wav = self.clips[index][: self.segment_length]
        if self.train:
            gain = random.random() * (0.99 - 0.4) + 0.4
            flip = -1 if random.random() > 0.5 else 1
            wav = flip * gain * wav / wav.abs().max()
        tgt = self.logmel(wav)
        return wav, tgt
