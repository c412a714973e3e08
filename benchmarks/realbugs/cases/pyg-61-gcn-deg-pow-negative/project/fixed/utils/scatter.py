import torch


def scatter_add(src, index, dim_size):
    return torch.zeros(dim_size, dtype=src.dtype).index_add_(0, index, src)
