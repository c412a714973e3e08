# https://github.com/thuanz123/enhancing-transformers/issues/11 -- fixed as suggested in the issue and done upstream: token = token + pos_embedding (out of place).
import torch
import torch.nn as nn

torch.manual_seed(0)
dim, n_tokens = 16, 9
pos_a = nn.Parameter(torch.randn(1, n_tokens, dim) * 0.02)
pos_b = nn.Parameter(torch.randn(1, n_tokens, dim) * 0.02)
norm_a, norm_b = nn.LayerNorm(dim), nn.LayerNorm(dim)
head_a, head_b = nn.Linear(dim, 12), nn.Linear(dim, 12)
encoder = nn.Linear(12, dim)


def decode(token, pos, norm, head):
    token = token + pos
    return head(norm(token))


quant = encoder(torch.randn(2, n_tokens, 12))
rec_a = decode(quant, pos_a, norm_a, head_a)
rec_b = decode(quant, pos_b, norm_b, head_b)
loss = rec_a.pow(2).mean() + rec_b.abs().mean()
loss.backward()
