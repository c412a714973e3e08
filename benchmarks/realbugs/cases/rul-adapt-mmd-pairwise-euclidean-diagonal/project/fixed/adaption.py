from typing import List

import torch
from rul_adapt_loss_utils import calc_pairwise_euclidean


class MaximumMeanDiscrepancyLoss(torch.nn.Module):
    def __init__(self, num_kernels: int) -> None:
        super().__init__()
        self.num_kernels = num_kernels

    def forward(self, source_features, target_features):
        feats = torch.cat([source_features, target_features], dim=0)
        distances = calc_pairwise_euclidean(feats, feats)
        gammas = _get_gammas(distances, self.num_kernels)
        distances = _calc_multi_kernel(distances, gammas)
        batch_size = source_features.shape[0]
        return _calc_discrepancy(distances, batch_size)


def _calc_discrepancy(distances: torch.Tensor, batch_size: int) -> torch.Tensor:
    s2s = distances[:batch_size, :batch_size]
    t2t = distances[batch_size:, batch_size:]
    s2t = distances[:batch_size, batch_size:]
    return torch.mean(s2s + t2t - 2 * s2t)


def _calc_multi_kernel(distances: torch.Tensor, gammas: List[float]) -> torch.Tensor:
    kernels = [torch.exp(-distances * gamma) for gamma in gammas]
    return sum(kernels) / len(gammas)


def _get_gammas(distances: torch.Tensor, num_kernels: int) -> List[float]:
    n_samples = distances.shape[0]
    bandwidth = (n_samples ** 2 - n_samples) / torch.sum(distances.detach())
    bandwidth /= 2 ** (num_kernels // 2)
    return [bandwidth * (2 ** i) for i in range(num_kernels)]
