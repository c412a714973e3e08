import torch
import torch.nn as nn


def masked_mean(x, mask, dim=-1, keepdim=True):
    x_nan = x.masked_fill(mask < 1, float("nan"))
    x_mean = x_nan.nanmean(dim=dim, keepdim=keepdim)
    x_mean = torch.nan_to_num(x_mean, nan=0.0)
    return x_mean


def std_statistics(x, mask, dim=-1, eps=1e-6):
    x_means = masked_mean(x=x, mask=mask, dim=dim)
    x_stds = torch.sqrt(masked_mean(x=(x - x_means) ** 2, mask=mask, dim=dim))
    x_stds[x_stds == 0] = 1.0
    x_stds = x_stds + eps
    return x_means, x_stds


def std_scaler(x, x_means, x_stds):
    return (x - x_means) / x_stds


def inv_std_scaler(z, x_mean, x_std):
    return (z * x_std) + x_mean


class TemporalNorm(nn.Module):
    def __init__(self, scaler_type="revin", dim=-1, eps=1e-6, num_features=None):
        super().__init__()
        self.compute_statistics = std_statistics
        self.scaler = std_scaler
        self.inverse_scaler = inv_std_scaler
        self.scaler_type = scaler_type
        self.dim = dim
        self.eps = eps
        if scaler_type == "revin":
            self._init_params(num_features=num_features)

    def _init_params(self, num_features):
        if self.dim == 1:
            self.revin_bias = nn.Parameter(torch.zeros(1, 1, num_features))
            self.revin_weight = nn.Parameter(torch.ones(1, 1, num_features))
        elif self.dim == -1:
            self.revin_bias = nn.Parameter(torch.zeros(1, num_features, 1))
            self.revin_weight = nn.Parameter(torch.ones(1, num_features, 1))

    def transform(self, x, mask):
        x_shift, x_scale = self.compute_statistics(x=x, mask=mask, dim=self.dim, eps=self.eps)
        self.x_shift = x_shift
        self.x_scale = x_scale

        # Original Revin performs this operation
        # z = self.revin_weight * z
        # z = z + self.revin_bias
        # However this is only valid for point forecast not for
        # distribution's scale decouple technique.
        if self.scaler_type == "revin":
            self.x_shift = self.x_shift + self.revin_bias
            self.x_scale = self.x_scale * (torch.relu(self.revin_weight + self.eps))

        z = self.scaler(x, self.x_shift, self.x_scale)
        return z

    def inverse_transform(self, z, x_shift=None, x_scale=None):
        if x_shift is None:
            x_shift = self.x_shift
        if x_scale is None:
            x_scale = self.x_scale
        return self.inverse_scaler(z, x_shift, x_scale)
