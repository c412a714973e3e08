import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)


class STFTMagnitudeLoss(nn.Module):
    def __init__(self, log=True):
        super().__init__()
        self.log = log

    def forward(self, x_mag, y_mag):
        if self.log:
            x_mag = torch.log(x_mag + 1e-8)
            y_mag = torch.log(y_mag + 1e-8)
        return F.l1_loss(x_mag, y_mag)


def stft_mag(x, n_fft=64, hop=16):
    spec = torch.stft(x, n_fft, hop, window=torch.hann_window(n_fft), return_complex=True)
    return spec.abs()


net = nn.Sequential(nn.Conv1d(1, 4, 9, padding=4), nn.Tanh(), nn.Conv1d(4, 1, 9, padding=4))
noisy = torch.randn(2, 1, 512) * 0.1
clean = torch.randn(2, 512) * 0.1
clean[1] = 0.0
est = net(noisy).squeeze(1)
loss = STFTMagnitudeLoss()(stft_mag(est), stft_mag(clean))
loss.backward()
print(loss, net[0].weight.grad.isnan().any())
