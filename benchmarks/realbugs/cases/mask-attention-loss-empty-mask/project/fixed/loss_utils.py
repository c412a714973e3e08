from enum import Enum

import torch


class LossReduction(Enum):
    MEAN = "mean"
    SUM = "sum"
    NONE = "none"


def apply_reduce(loss: torch.Tensor, reduction: str):
    if reduction == LossReduction.MEAN.value:
        loss = loss.mean()
    elif reduction == LossReduction.SUM.value:
        loss = loss.sum()
    elif reduction != LossReduction.NONE.value:
        raise ValueError(f"Reduction mode is not supported expected options: ['sum', 'mean', 'none'], found {reduction}")
    return loss
