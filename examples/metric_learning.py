"""Embeddings and distances: square roots and arc-cosines at the edge of their domains."""

import torch
import torch.nn.functional as F


def pairwise_distance(a, b):
    # the gradient of sqrt at 0 is infinite: identical points give NaN gradients
    return ((a.unsqueeze(1) - b.unsqueeze(0)) ** 2).sum(-1).sqrt()


def angular_margin(embeddings, weights):
    cosine = F.cosine_similarity(embeddings, weights, dim=-1)
    # cosine similarity rounds to 1.0000001; acos is NaN there and its gradient infinite at ±1
    return torch.acos(cosine)


def normalize(x):
    return x / x.norm(dim=-1, keepdim=True)


def standardize(x):
    mean = x.mean(dim=0)
    std = x.std(dim=0)
    return (x - mean) / std
