import math

import torch


def cosine_cutoff(d, cutoff):
    return torch.where(d < cutoff, 0.5 * (torch.cos(d * math.pi / cutoff) + 1.0), torch.zeros_like(d))
