import torch


def masked_mean(x, mask):
    total = (x * mask.unsqueeze(-1)).sum(dim=1)
    count = mask.sum(dim=1, keepdim=True)
    return torch.where(count > 0, total / count, torch.zeros_like(total))
