# https://github.com/ZFTurbo/Music-Source-Separation-Training/pull/200 -- spec_rmse_loss takes .sqrt() of the per-(batch, stem) spectral MSE; a silent chunk (mixture and stems all zero) gives estimate == target, sqrt(0), whose infinite gradient times the zero residual is NaN.
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
net = nn.Conv1d(2, 4, 9, padding=4)
sources = torch.randn(2, 2, 2, 2048) * 0.1
sources[1] = 0.0                                   # a chunk of silence
mix = sources.sum(1)
y_ = torch.sigmoid(net(mix)).view(2, 2, 2, 2048) * mix.unsqueeze(1)

stft_config = dict(n_fft=256, hop_length=64, win_length=256, window=torch.hann_window(256), center=True, normalized=True)
spec_estimate = torch.view_as_real(torch.stft(y_.view(-1, 2048), **stft_config, return_complex=True))
spec_sources = torch.view_as_real(torch.stft(sources.view(-1, 2048), **stft_config, return_complex=True))
loss = F.mse_loss(spec_estimate, spec_sources, reduction='none').view(2, 2, 2, 129, -1, 2)
loss = loss.mean((2, 3, 4, 5)).sqrt().mean(dim=(0, 1))
loss.backward()
