# pyg-team/pytorch_geometric#7899, fixed in the standard way: a set that is all padding keeps its (zero)
# keys visible, so an unconnected node aggregates to a finite value instead of 0 / 0.
import torch
import torch.nn as nn


def to_dense_batch(x, index, dim_size):
    counts = torch.bincount(index, minlength=dim_size)
    max_num = int(counts.max())
    out = x.new_zeros(dim_size, max_num, x.size(-1))
    mask = torch.zeros(dim_size, max_num, dtype=torch.bool)
    pos = torch.cat([torch.arange(int(c)) for c in counts])
    out[index, pos] = x
    mask[index, pos] = True
    return out, mask


torch.manual_seed(0)
dim = 8
attn = nn.MultiheadAttention(dim, 2, batch_first=True)
seed = nn.Parameter(torch.randn(1, 1, dim))

h = torch.randn(3, dim, requires_grad=True)
edge_index = torch.tensor([[1, 2, 0], [0, 0, 1]])   # node 2 has no incoming edge
msgs = h[edge_index[0]]
x, mask = to_dense_batch(msgs, edge_index[1], dim_size=3)
out, _ = attn(seed.expand(3, -1, -1), x, x, key_padding_mask=~mask & mask.any(-1, keepdim=True))
out = out.squeeze(1)
loss = out.pow(2).sum()
loss.backward()
grad = h.grad
