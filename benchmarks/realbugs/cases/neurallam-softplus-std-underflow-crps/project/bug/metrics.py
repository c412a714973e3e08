import math

import torch


def mask_and_reduce_metric(metric_entry_vals, mask, average_grid, sum_vars):
    if mask is not None:
        metric_entry_vals = metric_entry_vals[..., mask, :]
    if average_grid:
        metric_entry_vals = metric_entry_vals.mean(dim=-2)
    if sum_vars:
        metric_entry_vals = torch.sum(metric_entry_vals, dim=-1)
    return metric_entry_vals


def crps_gauss(pred, target, pred_std, mask=None, average_grid=True, sum_vars=True):
    target_standard = (target - pred) / pred_std
    std_normal_pdf = torch.exp(-0.5 * target_standard ** 2) / math.sqrt(2 * math.pi)
    std_normal_cdf = 0.5 * (1 + torch.erf(target_standard / math.sqrt(2)))
    entry_crps = -pred_std * (
        torch.pi ** (-0.5)
        - 2 * std_normal_pdf
        - target_standard * (2 * std_normal_cdf - 1)
    )
    return mask_and_reduce_metric(entry_crps, mask=mask, average_grid=average_grid, sum_vars=sum_vars)
