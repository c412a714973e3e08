import torch


def masked_softmax(vec, mask, dim=-1, mode='softmax'):
    if mode == 'max':
        vec = vec.masked_fill(~mask.bool(), -100)
        value, index = torch.max(vec, dim, keepdim=True)
    elif mode == 'min':
        vec = vec.masked_fill(~mask.bool(), 1)
        value, index = torch.min(vec, dim, keepdim=True)
    else:
        raise NotImplementedError
    return value, index
