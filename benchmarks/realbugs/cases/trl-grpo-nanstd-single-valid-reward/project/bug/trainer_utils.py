import torch


def nanstd(tensor: torch.Tensor) -> torch.Tensor:
    """Compute the standard deviation of a tensor, ignoring NaNs."""
    variance = torch.nanmean((tensor - torch.nanmean(tensor, keepdim=True)) ** 2)
    count = torch.sum(~torch.isnan(tensor))
    variance *= count / (count - 1)
    return torch.sqrt(variance)
