import numpy as np
import torch
from torch import nn
from torch.nn.functional import unfold

from .pystoi_utils import BETA, DYN_RANGE, FS, MINFREQ, N, N_FRAME, NUMBAND, thirdoct

EPS = 1e-8


class NegSTOILoss(nn.Module):
    """ Negated Short Term Objective Intelligibility (STOI) metric, to be used as a loss function. """

    def __init__(self, sample_rate: int = 10000, use_vad: bool = True, extended: bool = False):
        super().__init__()
        self.sample_rate = sample_rate
        self.use_vad = use_vad
        self.extended = extended
        self.intel_frames = N
        self.beta = BETA
        self.dyn_range = DYN_RANGE
        self.win_len = (N_FRAME * sample_rate) // FS
        self.nfft = 2 * self.win_len
        win = torch.from_numpy(np.hanning(self.win_len + 2)[1:-1]).float()
        self.win = nn.Parameter(win, requires_grad=False)
        obm_mat = thirdoct(sample_rate, self.nfft, NUMBAND, MINFREQ)[0]
        self.OBM = nn.Parameter(torch.from_numpy(obm_mat).float(), requires_grad=False)

    def forward(self, est_targets: torch.Tensor, targets: torch.Tensor) -> torch.Tensor:
        if targets.shape != est_targets.shape:
            raise RuntimeError('targets and est_targets should have the same shape')
        # Here comes the real computation, take STFT
        x_spec = self.stft(targets, self.win, self.nfft, overlap=2)
        y_spec = self.stft(est_targets, self.win, self.nfft, overlap=2)
        # Apply OB matrix to the spectrograms as in Eq. (1)
        x_tob = torch.matmul(self.OBM, torch.norm(x_spec, 2, -1) ** 2).pow(0.5) + EPS
        y_tob = torch.matmul(self.OBM, torch.norm(y_spec, 2, -1) ** 2).pow(0.5) + EPS
        # Perform N-frame segmentation --> (batch, 15, N, n_chunks)
        batch = targets.shape[0]
        x_seg = unfold(x_tob.unsqueeze(2), kernel_size=(1, self.intel_frames),
                       stride=(1, 1)).view(batch, x_tob.shape[1], N, -1)
        y_seg = unfold(y_tob.unsqueeze(2), kernel_size=(1, self.intel_frames),
                       stride=(1, 1)).view(batch, y_tob.shape[1], N, -1)
        # Find normalization constants and normalize
        norm_const = (torch.norm(x_seg, 2, dim=2, keepdim=True) /
                      (torch.norm(y_seg, 2, dim=2, keepdim=True) + EPS))
        y_seg_normed = y_seg * norm_const
        # Clip as described in [1]
        clip_val = 10 ** (-self.beta / 20)
        y_prim = torch.min(y_seg_normed, x_seg * (1 + clip_val))
        # Mean/var normalize vectors
        y_prim = meanvar_norm(y_prim, dim=2)
        x_seg = meanvar_norm(x_seg, dim=2)
        corr_comp = y_prim * x_seg
        correction = x_seg.shape[1] * x_seg.shape[-1]

        sum_over = list(range(1, x_seg.ndim))  # Keep batch dim
        if self.use_vad:
            mask = self.detect_silent_frames(targets, self.dyn_range, self.win_len, self.win_len // 2)
            mask_f = unfold(mask.unsqueeze(2).float(), kernel_size=(1, self.intel_frames),
                            stride=(1, 1)).view(batch, 1, N, -1)
            corr_comp = corr_comp * mask_f
            correction = correction * mask_f.mean(dim=sum_over)
        return - torch.sum(corr_comp, dim=sum_over) / correction

    @staticmethod
    def detect_silent_frames(x, dyn_range, framelen, hop):
        x_frames = unfold(x[:, None, None, :], kernel_size=(1, framelen), stride=(1, hop))[..., :-1]
        x_energies = 20 * torch.log10(torch.norm(x_frames, dim=1, keepdim=True) + EPS)
        mask = (torch.max(x_energies, dim=2, keepdim=True)[0] - dyn_range - x_energies) < 0
        return mask

    @staticmethod
    def stft(x, win, fft_size, overlap=4):
        win_len = win.shape[0]
        hop = int(win_len / overlap)
        x_padded = torch.nn.functional.pad(x, pad=[0, hop])
        spec = torch.stft(x_padded, fft_size, hop_length=hop, window=win, center=False, win_length=win_len,
                          return_complex=True)
        return torch.view_as_real(spec)


def meanvar_norm(x, dim=-1):
    x = (x - x.mean(dim=dim, keepdim=True)) / (x.norm(p=2, dim=dim, keepdim=True) + EPS)
    return x
