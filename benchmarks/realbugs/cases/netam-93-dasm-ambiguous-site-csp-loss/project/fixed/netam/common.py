import numpy as np
import torch

BIG = 1e9
SMALL_PROB = 1e-6


def clamp_probability(x: torch.Tensor) -> torch.Tensor:
    return torch.clamp(x, min=SMALL_PROB, max=(1.0 - SMALL_PROB))


def clamp_log_probability(x: torch.Tensor) -> torch.Tensor:
    return torch.clamp(x, max=np.log(1.0 - SMALL_PROB))
