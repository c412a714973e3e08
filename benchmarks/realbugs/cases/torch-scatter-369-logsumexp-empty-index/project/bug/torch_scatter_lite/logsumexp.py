from typing import Optional

import torch


def broadcast(src: torch.Tensor, other: torch.Tensor, dim: int):
    if dim < 0:
        dim = other.dim() + dim
    if src.dim() == 1:
        for _ in range(0, dim):
            src = src.unsqueeze(0)
    for _ in range(src.dim(), other.dim()):
        src = src.unsqueeze(-1)
    return src.expand(other.size())


def scatter_logsumexp(src: torch.Tensor, index: torch.Tensor, dim: int = -1,
                      dim_size: Optional[int] = None, eps: float = 1e-12) -> torch.Tensor:
    index = broadcast(index, src, dim)
    if dim_size is None:
        dim_size = int(index.max()) + 1
    size = list(src.size())
    size[dim] = dim_size
    max_value_per_index = torch.full(size, float('-inf'), dtype=src.dtype, device=src.device)
    max_value_per_index = max_value_per_index.scatter_reduce(dim, index, src.detach(), 'amax', include_self=True)
    max_per_src_element = max_value_per_index.gather(dim, index)
    recentered_score = src - max_per_src_element
    recentered_score = recentered_score.masked_fill(torch.isnan(recentered_score), float('-inf'))
    sum_per_index = torch.zeros(size, dtype=src.dtype, device=src.device).scatter_add(
        dim, index, recentered_score.exp())
    return sum_per_index.add(eps).log().add(max_value_per_index)
