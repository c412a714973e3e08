"""Attention with padding masks, in float16."""

import math

import torch


class Attention(torch.nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.qkv = torch.nn.Linear(dim, 3 * dim)
        self.scale = 1 / math.sqrt(dim)

    def forward(self, x, key_padding_mask):
        q, k, v = self.qkv(x).chunk(3, dim=-1)
        scores = q @ k.transpose(-2, -1) * self.scale
        # a sequence whose keys are all padding gets a row of -inf: softmax gives NaN
        scores = scores.masked_fill(key_padding_mask[:, None, :], float("-inf"))
        weights = scores.softmax(dim=-1)
        return weights @ v


def half_precision_scores(q, k, mask):
    scores = (q.half() @ k.half().transpose(-2, -1))
    # -1e9 does not fit in float16 (max 65504)
    return scores.masked_fill(mask, -1e9).softmax(-1)


def stable_norm(x):
    return x / (x.norm(dim=-1, keepdim=True) + 1e-8)
