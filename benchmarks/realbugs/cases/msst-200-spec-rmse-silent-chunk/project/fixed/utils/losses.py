import torch
import torch.nn.functional as F


def spec_rmse_loss(estimate, sources, stft_config):
    lenc = estimate.shape[-1]
    spec_estimate = estimate.view(-1, lenc)
    spec_sources = sources.view(-1, lenc)

    spec_estimate = torch.stft(spec_estimate, **stft_config, return_complex=True)
    spec_sources = torch.stft(spec_sources, **stft_config, return_complex=True)

    spec_estimate = torch.view_as_real(spec_estimate)
    spec_sources = torch.view_as_real(spec_sources)

    new_shape = estimate.shape[:-1] + spec_estimate.shape[-3:]
    spec_estimate = spec_estimate.view(*new_shape)
    spec_sources = spec_sources.view(*new_shape)

    loss = F.mse_loss(spec_estimate, spec_sources, reduction='none')

    dims = tuple(range(2, loss.dim()))
    loss = (loss.mean(dims) + 1e-8).sqrt().mean(dim=(0, 1))

    return loss


def choice_loss(config):
    stft_config = {
        'n_fft': config['nfft'],
        'hop_length': config['hop_size'],
        'win_length': config['win_size'],
        'window': torch.hann_window(config['win_size']),
        'center': True,
        'normalized': True,
    }

    def multi_loss(y_pred, y_true, x=None):
        return spec_rmse_loss(y_pred, y_true, stft_config) * config['spec_rmse_loss_coef']

    return multi_loss
