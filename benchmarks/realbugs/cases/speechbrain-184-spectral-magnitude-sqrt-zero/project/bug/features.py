import torch


class STFT(torch.nn.Module):
    def __init__(self, n_fft=32, hop_length=16):
        super().__init__()
        self.n_fft = n_fft
        self.hop_length = hop_length
        self.register_buffer("window", torch.hann_window(n_fft))

    def forward(self, x):
        stft = torch.stft(x, self.n_fft, self.hop_length, window=self.window,
                          center=False, return_complex=True)
        return torch.view_as_real(stft).transpose(1, 2)  # [batch, time, freq, 2]


def spectral_magnitude(stft, power=1, log=False):
    spectr = stft.pow(2).sum(-1)
    spectr = spectr.pow(power)
    if log:
        return torch.log(spectr + 1e-14)
    return spectr
