import torch

from functional.kl_divergence import _kld_compute, _kld_update


class KLDivergence:
    def __init__(self, log_prob=False, reduction="mean"):
        self.log_prob = log_prob
        self.reduction = reduction
        self.measures = torch.tensor(0.0)
        self.total = torch.tensor(0)

    def update(self, p, q):
        measures, total = _kld_update(p, q, self.log_prob)
        self.measures = self.measures + measures.sum()
        self.total = self.total + total

    def compute(self):
        return _kld_compute(self.measures, self.total, "sum") / (self.total if self.reduction == "mean" else 1)
