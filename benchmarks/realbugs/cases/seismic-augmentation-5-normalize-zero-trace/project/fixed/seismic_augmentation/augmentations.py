import random

import torch


class BaseAugmentation(object):
    def __init__(self, p: float = 1.0):
        assert 0 <= p <= 1.0, "p must be a value in the range [0, 1]"
        self.p = p

    def __call__(self, data: torch.tensor, sample_rate: int = 100):
        assert isinstance(data, torch.Tensor), "Waveform passed in must be a torch.tensor"

        if random.random() > self.p:
            return data

        return self.apply_transform(data, sample_rate)

    def apply_transform(self, data: torch.tensor, sample_rate: int = 100):
        raise NotImplementedError()


class PolarityChange(BaseAugmentation):
    def __init__(self, p: float = 1.0):
        super().__init__(p)

    def apply_transform(self, data: torch.tensor, sample_rate: int = 100):
        return data * -1


class Normalize(BaseAugmentation):
    def __init__(self, p: float = 1.0):
        super().__init__(p)

    def apply_transform(self, data: torch.tensor, sample_rate: int = 100):
        return data / (data.abs().max(dim=-1, keepdim=True).values.max() + 1e-10)
