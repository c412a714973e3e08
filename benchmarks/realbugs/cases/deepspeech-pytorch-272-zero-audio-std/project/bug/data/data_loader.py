import torch
from torch.utils.data import Dataset


class SpectrogramParser:
    def __init__(self, sample_rate=1600, window_size=0.1, window_stride=0.05, normalize=True):
        self.n_fft = int(sample_rate * window_size)
        self.hop_length = int(sample_rate * window_stride)
        self.normalize = normalize

    def parse_audio(self, y):
        D = torch.stft(y, self.n_fft, self.hop_length, window=torch.hamming_window(self.n_fft), return_complex=True)
        spect = torch.log1p(D.abs())
        if self.normalize:
            mean = spect.mean()
            std = spect.std()
            spect.add_(-mean)
            spect.div_(std)
        return spect


class SpectrogramDataset(Dataset, SpectrogramParser):
    def __init__(self, manifest, **kwargs):
        super().__init__(**kwargs)
        self.manifest = manifest

    def __len__(self):
        return len(self.manifest)

    def __getitem__(self, index):
        audio, transcript = self.manifest[index]
        return self.parse_audio(audio), transcript
