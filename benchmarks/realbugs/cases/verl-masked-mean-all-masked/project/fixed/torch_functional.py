import torch
import torch.nn.functional as F


def logprobs_from_logits(logits, labels):
    logp = F.log_softmax(logits, dim=-1)
    return torch.gather(logp, -1, labels.unsqueeze(-1)).squeeze(-1)


def masked_sum(values, mask, axis=None):
    return (values * mask).sum(axis=axis)


def masked_mean(values, mask, axis=None):
    return (values * mask).sum(axis=axis) / (mask.sum(axis=axis) + 1e-8)


def clip_by_value(x, tensor_min, tensor_max):
    return torch.max(torch.min(x, tensor_max), tensor_min)
