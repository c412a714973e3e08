import numpy as np
import torch as th
import torch.nn as nn


def pad_packed_tensor(x, lengths, value=0.0):
    out = x.new_full((len(lengths), max(lengths)) + tuple(x.shape[1:]), value)
    start = 0
    for i, l in enumerate(lengths):
        out[i, :l] = x[start:start + l]
        start += l
    return out


def pack_padded_tensor(x, lengths):
    return th.cat([x[i, :l] for i, l in enumerate(lengths)])


class MultiHeadAttention(nn.Module):
    def __init__(self, d_model, num_heads, d_head):
        super().__init__()
        self.num_heads = num_heads
        self.d_head = d_head
        self.proj_q = nn.Linear(d_model, num_heads * d_head, bias=False)
        self.proj_k = nn.Linear(d_model, num_heads * d_head, bias=False)
        self.proj_v = nn.Linear(d_model, num_heads * d_head, bias=False)
        self.proj_o = nn.Linear(num_heads * d_head, d_model, bias=False)

    def forward(self, x, mem, lengths_x, lengths_mem):
        batch_size = len(lengths_x)
        max_len_x = max(lengths_x)
        max_len_mem = max(lengths_mem)

        queries = self.proj_q(x).view(-1, self.num_heads, self.d_head)
        keys = self.proj_k(mem).view(-1, self.num_heads, self.d_head)
        values = self.proj_v(mem).view(-1, self.num_heads, self.d_head)

        queries = pad_packed_tensor(queries, lengths_x, 0)
        keys = pad_packed_tensor(keys, lengths_mem, 0)
        values = pad_packed_tensor(values, lengths_mem, 0)

        e = th.einsum("bxhd,byhd->bhxy", queries, keys)
        e = e / np.sqrt(self.d_head)

        mask = th.zeros(batch_size, max_len_x, max_len_mem)
        for i in range(batch_size):
            mask[i, :lengths_x[i], :lengths_mem[i]].fill_(1)
        mask = mask.unsqueeze(1)
        e.masked_fill_(mask == 0, -float("inf"))

        alpha = th.softmax(e, dim=-1)
        self.last_alpha = alpha
        out = th.einsum("bhxy,byhd->bxhd", alpha, values)
        out = self.proj_o(out.contiguous().view(batch_size, max_len_x, self.num_heads * self.d_head))
        return pack_padded_tensor(out, lengths_x)
