# mpariente/pytorch_stoi#7: NegSTOILoss gradients become NaN; (OBM @ |spec|^2).pow(0.5) at 0 (silent input).
import torch
from torch.nn.functional import unfold

torch.manual_seed(0)
EPS = 1e-8
N = 30  # frames per intelligibility segment
BETA = -15.0


def meanvar_norm(x, dim=-1):
    x = (x - x.mean(dim=dim, keepdim=True)) / (x.norm(p=2, dim=dim, keepdim=True) + EPS)
    return x


def stft(x, win, fft_size, overlap=2):
    win_len = win.shape[0]
    hop = int(win_len / overlap)
    x_padded = torch.nn.functional.pad(x, pad=[0, hop])
    spec = torch.stft(x_padded, fft_size, hop_length=hop, window=win, center=False,
                      win_length=win_len, return_complex=True)
    return torch.view_as_real(spec)


def neg_stoi(est_targets, targets, win, nfft, OBM):
    x_spec = stft(targets, win, nfft)
    y_spec = stft(est_targets, win, nfft)
    x_tob = torch.matmul(OBM, torch.norm(x_spec, 2, -1) ** 2).pow(0.5)
    y_tob = torch.matmul(OBM, torch.norm(y_spec, 2, -1) ** 2).pow(0.5)
    batch = targets.shape[0]
    x_seg = unfold(x_tob.unsqueeze(2), kernel_size=(1, N), stride=(1, 1)).view(batch, x_tob.shape[1], N, -1)
    y_seg = unfold(y_tob.unsqueeze(2), kernel_size=(1, N), stride=(1, 1)).view(batch, y_tob.shape[1], N, -1)
    norm_const = torch.norm(x_seg, 2, dim=2, keepdim=True) / (torch.norm(y_seg, 2, dim=2, keepdim=True) + EPS)
    y_seg_normed = y_seg * norm_const
    clip_val = 10 ** (-BETA / 20)
    y_prim = torch.min(y_seg_normed, x_seg * (1 + clip_val))
    y_prim = meanvar_norm(y_prim, dim=2)
    x_seg = meanvar_norm(x_seg, dim=2)
    corr_comp = y_prim * x_seg
    correction = x_seg.shape[1] * x_seg.shape[-1]
    return -torch.sum(corr_comp, dim=[1, 2, 3]) / correction


win_len = 256
nfft = 2 * win_len
win = torch.hann_window(win_len + 2)[1:-1]
OBM = torch.zeros(15, nfft // 2 + 1)
for band in range(15):  # one-third octave bands as contiguous bin ranges
    OBM[band, 8 + 10 * band: 18 + 10 * band] = 1.0
targets = torch.randn(2, 8000)
est_targets = (targets + 0.3 * torch.randn(2, 8000))
est_targets[:, 2000:4000] = 0.0  # the enhancement model outputs digital silence for a while
est_targets.requires_grad_()
loss = neg_stoi(est_targets, targets, win, nfft, OBM).mean()
loss.backward()
grad = est_targets.grad
