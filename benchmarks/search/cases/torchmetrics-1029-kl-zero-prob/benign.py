# torchmetrics #1029, benign inputs: p is a softmax with no zero entry, so 0 * log(0 / q) never happens.
# The bug needs a distribution p with a zero probability (a one-hot target, say).
import torch

torch.manual_seed(0)
METRIC_EPS = 1e-6


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


p = torch.randn(3, 3).softmax(dim=-1)
q = torch.randn(3, 3).softmax(dim=-1)
measures, total = _kld_update(p, q)
kl = _kld_compute(measures, total)
