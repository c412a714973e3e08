import torch

torch.manual_seed(0)
n_fft, hop = 160, 80
y = torch.zeros(3 * 1600)
D = torch.stft(y, n_fft, hop, window=torch.hamming_window(n_fft), return_complex=True)
spect = torch.log1p(D.abs())
mean = spect.mean()
std = spect.std()
spect.add_(-mean)
spect.div_(std + 1e-10)
print(spect.isnan().any())
