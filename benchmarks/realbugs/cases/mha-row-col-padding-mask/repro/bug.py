# https://github.com/pytorch/pytorch/issues/41508 - a self-attention mask that blocks padded queries as well as padded keys leaves whole rows masked, softmax of an all -inf row is NaN and the gradients go NaN.
import torch
import torch.nn as nn

torch.manual_seed(0)
L, N, E, H = 5, 2, 8, 2
mha = nn.MultiheadAttention(E, H)
x = torch.randn(L, N, E)
lengths = torch.tensor([5, 3])
pad = torch.arange(L)[None, :] >= lengths[:, None]  # (N, L), True at padding

attn_mask = pad[:, :, None] | pad[:, None, :]  # block padded rows and padded columns
attn_mask = attn_mask.repeat_interleave(H, dim=0)  # (N*H, L, L)
out, _ = mha(x, x, x, attn_mask=attn_mask)

out = out.masked_fill(pad.t().unsqueeze(-1), 0.0)
loss = out.pow(2).sum() / (~pad).sum()
loss.backward()
grad = mha.in_proj_weight.grad
print(loss.item(), grad.isnan().any().item())
