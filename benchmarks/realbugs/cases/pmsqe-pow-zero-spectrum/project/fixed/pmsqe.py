import torch
import torch.nn as nn


class SingleSrcPMSQE(nn.Module):
    def __init__(self, n_bins, zwicker_power=0.23):
        super().__init__()
        self.n_bins = n_bins
        self.Sl = 1.866055e-1
        self.zwicker_power = zwicker_power
        self.register_buffer("abs_thresh_power", torch.full((n_bins,), 1e-3))

    def magnitude_at_sl(self, spectra):
        return self.Sl * spectra

    def intensity_to_loudness(self, band_power):
        loudness_dens = torch.pow(band_power + 1e-14, self.zwicker_power)
        return loudness_dens

    def forward(self, est_spec, ref_spec):
        est_loud = self.intensity_to_loudness(self.magnitude_at_sl(est_spec))
        ref_loud = self.intensity_to_loudness(self.magnitude_at_sl(ref_spec))
        return (est_loud - ref_loud).abs().mean()
