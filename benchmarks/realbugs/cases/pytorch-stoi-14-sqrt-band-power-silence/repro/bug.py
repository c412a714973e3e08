# mpariente/pytorch_stoi#14: NegSTOILoss takes the square root of the 1/3-octave band powers and adds EPS after
# it; a band with zero power (the zero-padded tail of a shorter utterance in the batch) has sqrt'(0) = inf,
# and the backward of .pow(0.5) multiplies it by a zero gradient: NaN in every weight.
import numpy as np
import torch
from torch import nn
from torch.nn.functional import unfold



# constants of pystoi.stoi
FS = 10000          # Sampling frequency
N_FRAME = 256       # Window support
NUMBAND = 15        # Number of 13 octave band
MINFREQ = 150       # Center frequency of 1st octave band (Hz)
N = 30              # N. frames for intermediate intelligibility
BETA = -15.         # Lower SDR bound
DYN_RANGE = 40      # Speech dynamic range


def thirdoct(fs, nfft, num_bands, min_freq):
    """ Returns the 1/3 octave band matrix and its center frequencies """
    f = np.linspace(0, fs, nfft + 1)
    f = f[:int(nfft / 2) + 1]
    k = np.array(range(num_bands)).astype(float)
    cf = np.power(2. ** (1. / 3), k) * min_freq
    freq_low = min_freq * np.power(2., (2 * k - 1) / 6)
    freq_high = min_freq * np.power(2., (2 * k + 1) / 6)
    obm = np.zeros((num_bands, len(f)))
    for i in range(len(cf)):
        f_bin = np.argmin(np.square(f - freq_low[i]))
        freq_low[i] = f[f_bin]
        fl_ii = f_bin
        f_bin = np.argmin(np.square(f - freq_high[i]))
        freq_high[i] = f[f_bin]
        fh_ii = f_bin
        obm[i, fl_ii:fh_ii] = 1
    return obm, cf

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


torch.manual_seed(0)
sample_rate = 10000


class MaskEnhancer(nn.Module):
    """Masking-based enhancement: a sigmoid mask applied to the noisy waveform."""

    def __init__(self):
        super().__init__()
        self.net = nn.Sequential(nn.Conv1d(1, 8, 9, padding=4), nn.ReLU(), nn.Conv1d(8, 1, 9, padding=4))

    def forward(self, mixture):
        return mixture * torch.sigmoid(self.net(mixture.unsqueeze(1))).squeeze(1)


model = MaskEnhancer()
loss_func = NegSTOILoss(sample_rate=sample_rate)
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)

# a batch of two utterances; the shorter one is zero-padded to the length of the longer
lengths = [12000, 8000]
clean = torch.zeros(2, 12000)
noisy = torch.zeros(2, 12000)
for i, n in enumerate(lengths):
    t = torch.arange(n) / sample_rate
    clean[i, :n] = 0.5 * torch.sin(2 * torch.pi * 440 * t) * torch.sin(2 * torch.pi * 3 * t)
    noisy[i, :n] = clean[i, :n] + 0.05 * torch.randn(n)

est = model(noisy)
loss = loss_func(est, clean).mean()
optimizer.zero_grad()
loss.backward()
optimizer.step()
