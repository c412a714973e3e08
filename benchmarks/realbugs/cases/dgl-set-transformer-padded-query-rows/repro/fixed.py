import numpy as np
import torch as th
import torch.nn as nn

th.manual_seed(0)
num_heads, d_head, d_model = 2, 4, 8
proj_q = nn.Linear(d_model, num_heads * d_head)
proj_k = nn.Linear(d_model, num_heads * d_head)
proj_v = nn.Linear(d_model, num_heads * d_head)

lengths_x = [3, 5]
lengths_mem = [3, 5]
batch_size, max_len_x, max_len_mem = 2, 5, 5
x = th.randn(batch_size, max_len_x, d_model)
queries = proj_q(x).view(batch_size, max_len_x, num_heads, d_head)
keys = proj_k(x).view(batch_size, max_len_mem, num_heads, d_head)
values = proj_v(x).view(batch_size, max_len_mem, num_heads, d_head)

e = th.einsum("bxhd,byhd->bhxy", queries, keys)
e = e / np.sqrt(d_head)
mask = th.zeros(batch_size, max_len_x, max_len_mem)
for i in range(batch_size):
    mask[i, :, :lengths_mem[i]].fill_(1)
mask = mask.unsqueeze(1)
e.masked_fill_(mask == 0, -float("inf"))
alpha = th.softmax(e, dim=-1)
out = th.einsum("bhxy,byhd->bxhd", alpha, values)
valid = th.cat([out[i, :lengths_x[i]] for i in range(batch_size)])
valid.sum().backward()
print("grad norm", proj_v.weight.grad.norm().item())
