import torch


class Gumbel(object):
    """Samples from a Gumbel distribution: Y = loc - scale * ln(-ln(X)), X ~ Uniform(0, 1)."""

    def __init__(self, loc, scale):
        self.loc = loc
        self.scale = scale

    def rsample(self, sample_shape=torch.Size(), uniform=None):
        shape = torch.Size(sample_shape) + self.loc.shape
        uni_dist = self.scale.new(shape).uniform_() if uniform is None else uniform
        finfo = torch.finfo(uni_dist.dtype)
        uni_dist = uni_dist.clamp(min=finfo.tiny, max=1 - finfo.eps)
        # X ~ Uniform(0, 1)
        # Y = loc - scale * ln (-ln (X)) ~ Gumbel(loc, scale)
        return self.loc - self.scale * torch.log(-uni_dist.log())
