import torch

from utilities import METRIC_EPS


def _kld_update(p, q, log_prob=False):
    total = p.shape[0]
    if log_prob:
        measures = torch.sum(p.exp() * (p - q), axis=-1)
    else:
        p = p / p.sum(axis=-1, keepdim=True)
        q = q / q.sum(axis=-1, keepdim=True)
        q = torch.clamp(q, METRIC_EPS)
        measures = torch.sum(p * torch.log(p / q), axis=-1)
    return measures, total


def _kld_compute(measures, total, reduction="mean"):
    if reduction == "sum":
        return measures.sum()
    return measures.sum() / total
