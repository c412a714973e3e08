import torch
from torch.distributions import Normal
from torch.distributions.independent import Independent


class TanhNormal(torch.distributions.Distribution):
    """Distribution of tanh(Y) with Y ~ N(loc, scale)."""

    arg_constraints = {}

    def __init__(self, loc, scale):
        self._normal = Independent(Normal(loc, scale), 1)
        super().__init__(validate_args=False)

    def log_prob(self, value, pre_tanh_value=None, epsilon=1e-6):
        if pre_tanh_value is None:
            pre_tanh_value = torch.log((1 + value) / (1 - value)) / 2
        norm_lp = self._normal.log_prob(pre_tanh_value)
        ret = norm_lp - torch.sum(torch.log(self._clip_but_pass_gradient(1.0 - value**2) + epsilon), axis=-1)
        return ret

    def rsample_with_pre_tanh_value(self, sample_shape=torch.Size()):
        z = self._normal.rsample(sample_shape)
        return z, torch.tanh(z)

    @staticmethod
    def _clip_but_pass_gradient(x, lower=0.0, upper=1.0):
        clip_up = (x > upper).float()
        clip_low = (x < lower).float()
        with torch.no_grad():
            clip = (upper - x) * clip_up + (lower - x) * clip_low
        return x + clip
