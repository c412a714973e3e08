from typing import Tuple

import torch
from torch import Tensor


def _pearson_corrcoef_update(
    preds: Tensor,
    target: Tensor,
    mean_x: Tensor,
    mean_y: Tensor,
    var_x: Tensor,
    var_y: Tensor,
    corr_xy: Tensor,
    n_prior: Tensor,
    num_outputs: int,
) -> Tuple[Tensor, Tensor, Tensor, Tensor, Tensor, Tensor]:
    """Update and returns variables required to compute Pearson Correlation Coefficient.

    Check for same shape of input tensors.

    Args:
        preds: estimated scores
        target: ground truth scores
        mean_x: current mean estimate of x tensor
        mean_y: current mean estimate of y tensor
        var_x: current variance estimate of x tensor
        var_y: current variance estimate of y tensor
        corr_xy: current covariance estimate between x and y tensor
        n_prior: current number of observed observations
        num_outputs: Number of outputs in multioutput setting

    """
    # Data checking
    if preds.shape != target.shape:
        raise RuntimeError("Predictions and targets are expected to have the same shape")
    cond = n_prior.mean() > 0

    n_obs = preds.shape[0]
    if cond:
        mx_new = (n_prior * mean_x + preds.sum(0)) / (n_prior + n_obs)
        my_new = (n_prior * mean_y + target.sum(0)) / (n_prior + n_obs)
    else:
        mx_new = preds.mean(0)
        my_new = target.mean(0)

    n_prior += n_obs

    if cond:
        var_x += ((preds - mx_new) * (preds - mean_x)).sum(0)
        var_y += ((target - my_new) * (target - mean_y)).sum(0)

    else:
        var_x += preds.var(0) * (n_obs - 1)
        var_y += target.var(0) * (n_obs - 1)
    corr_xy += ((preds - mx_new) * (target - mean_y)).sum(0)
    mean_x = mx_new
    mean_y = my_new

    return mean_x, mean_y, var_x, var_y, corr_xy, n_prior


def _pearson_corrcoef_compute(
    var_x: Tensor,
    var_y: Tensor,
    corr_xy: Tensor,
    nb: Tensor,
) -> Tensor:
    """Compute the final pearson correlation based on accumulated statistics.

    Args:
        var_x: variance estimate of x tensor
        var_y: variance estimate of y tensor
        corr_xy: covariance estimate between x and y tensor
        nb: number of observations

    """
    var_x /= nb - 1
    var_y /= nb - 1
    corr_xy /= nb - 1
    # if var_x, var_y is float16 and on cpu, make it bfloat16 as sqrt is not supported for float16
    # on cpu, remove this after https://github.com/pytorch/pytorch/issues/54774 is fixed
    if var_x.dtype == torch.float16 and var_x.device == torch.device("cpu"):
        var_x = var_x.bfloat16()
        var_y = var_y.bfloat16()

    corrcoef = (corr_xy / (var_x * var_y).sqrt()).squeeze()
    return torch.clamp(corrcoef, -1.0, 1.0)


class PearsonCorrCoef:
    """Accumulates the statistics over batches and computes the Pearson correlation at the end."""

    def __init__(self, num_outputs: int = 1) -> None:
        self.num_outputs = num_outputs
        self.reset()

    def reset(self) -> None:
        shape = (self.num_outputs,) if self.num_outputs > 1 else ()
        self.mean_x = torch.zeros(shape)
        self.mean_y = torch.zeros(shape)
        self.var_x = torch.zeros(shape)
        self.var_y = torch.zeros(shape)
        self.corr_xy = torch.zeros(shape)
        self.n_total = torch.zeros(shape)

    def update(self, preds: Tensor, target: Tensor) -> None:
        self.mean_x, self.mean_y, self.var_x, self.var_y, self.corr_xy, self.n_total = _pearson_corrcoef_update(
            preds, target, self.mean_x, self.mean_y, self.var_x, self.var_y, self.corr_xy, self.n_total, self.num_outputs
        )

    def compute(self) -> Tensor:
        return _pearson_corrcoef_compute(self.var_x.clone(), self.var_y.clone(), self.corr_xy.clone(), self.n_total)
