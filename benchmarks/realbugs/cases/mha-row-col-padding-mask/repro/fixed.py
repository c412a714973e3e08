# https://github.com/pytorch/pytorch/issues/41508 - fix from the thread: mask padding only in the key columns (key_padding_mask), never whole query rows, then zero the padded outputs.
import torch
import torch.nn as nn

torch.manual_seed(0)
L, N, E, H = 5, 2, 8, 2
mha = nn.MultiheadAttention(E, H)
x = torch.randn(L, N, E)
lengths = torch.tensor([5, 3])
pad = torch.arange(L)[None, :] >= lengths[:, None]  # (N, L), True at padding

out, _ = mha(x, x, x, key_padding_mask=pad)

out = out.masked_fill(pad.t().unsqueeze(-1), 0.0)
loss = out.pow(2).sum() / (~pad).sum()
loss.backward()
grad = mha.in_proj_weight.grad
print(loss.item(), grad.isnan().any().item())
