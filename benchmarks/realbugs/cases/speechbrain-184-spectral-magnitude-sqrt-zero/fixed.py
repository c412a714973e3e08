# Fix from the PR: add 1e-14 to the power spectrum before pow(power) when power < 1.
import torch
import torch.nn as nn

torch.manual_seed(0)
n_fft, hop = 32, 16
window = torch.hann_window(n_fft)

mask_net = nn.Sequential(nn.Linear(n_fft // 2 + 1, 17), nn.Sigmoid())
optimizer = torch.optim.Adam(mask_net.parameters(), lr=1e-3)

# the shorter utterance of the batch is zero-padded to the length of the longer one
noisy = torch.randn(2, 256)
noisy[1, 128:] = 0.0
clean = noisy * 0.8

stft = torch.view_as_real(torch.stft(noisy, n_fft, hop, window=window, center=False, return_complex=True))
stft = stft.transpose(1, 2)  # [batch, time, freq, 2]
clean_stft = torch.view_as_real(torch.stft(clean, n_fft, hop, window=window, center=False, return_complex=True)).transpose(1, 2)

noisy_mag = stft.pow(2).sum(-1).sqrt()
mask = mask_net(noisy_mag)
enhanced = stft * mask.unsqueeze(-1)
spectr = enhanced.pow(2).sum(-1) + 1e-14
enhanced_mag = spectr.pow(0.5)
target_mag = clean_stft.pow(2).sum(-1).pow(0.5)
loss = torch.nn.functional.mse_loss(enhanced_mag, target_mag)
optimizer.zero_grad()
loss.backward()
optimizer.step()
print(loss.item(), mask_net[0].weight.grad.isnan().any().item())
