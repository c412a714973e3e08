import torch


def mask(lens, max_len=None):
    if max_len is None:
        max_len = lens.max().item()
    enum = torch.arange(max_len).long().to(lens)
    return lens.unsqueeze(1) > enum.unsqueeze(0)
