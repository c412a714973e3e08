# bshall/hifigan#4: training on a dataset other than LJSpeech ends in NaN when a clip is perfect silence:
# the random-gain augmentation peak-normalizes the waveform, wav / wav.abs().max() = 0 / 0.
import random
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
random.seed(0)

n_fft, hop, n_mels = 256, 64, 20
mel_basis = torch.rand(n_mels, n_fft // 2 + 1)


def logmel(wav):
    spec = torch.stft(wav, n_fft, hop_length=hop, window=torch.hann_window(n_fft), return_complex=True).abs()
    mel = mel_basis @ spec
    return torch.log(torch.clamp(mel, min=1e-5))


wav = torch.zeros(4096)  # a clip of digital silence in the training set
gain = random.random() * (0.99 - 0.4) + 0.4
flip = -1 if random.random() > 0.5 else 1
wav = flip * gain * wav / max(wav.abs().max(), 0.001)
mel = logmel(wav)

generator = nn.Sequential(nn.Conv1d(n_mels, 32, 3, padding=1), nn.LeakyReLU(0.1), nn.Conv1d(32, hop, 3, padding=1))
wav_hat = generator(mel.unsqueeze(0)).transpose(1, 2).reshape(1, -1)
loss = F.l1_loss(logmel(wav_hat[0, : wav.numel()]), mel)
loss.backward()
