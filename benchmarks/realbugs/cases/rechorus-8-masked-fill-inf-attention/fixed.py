# THUwangcy/ReChorus#8: masked_fill(mask == 0, -np.inf) then softmax gives NaN for a fully masked history.
import numpy as np
import torch
import torch.nn as nn

torch.manual_seed(0)


class MultiHeadAttention(nn.Module):
    def __init__(self, d_model, n_heads, bias=True):
        super().__init__()
        self.d_model = d_model
        self.h = n_heads
        self.d_k = self.d_model // self.h
        self.v_linear = nn.Linear(d_model, d_model, bias=bias)
        self.k_linear = nn.Linear(d_model, d_model, bias=bias)
        self.q_linear = nn.Linear(d_model, d_model, bias=bias)

    def forward(self, q, k, v, mask):
        bs = q.size(0)
        k = self.k_linear(k).view(bs, -1, self.h, self.d_k).transpose(1, 2)
        q = self.q_linear(q).view(bs, -1, self.h, self.d_k).transpose(1, 2)
        v = self.v_linear(v).view(bs, -1, self.h, self.d_k).transpose(1, 2)
        output = self.scaled_dot_product_attention(q, k, v, self.d_k, mask)
        return output.transpose(1, 2).reshape(bs, -1, self.d_model)

    @staticmethod
    def scaled_dot_product_attention(q, k, v, d_k, mask):
        scores = torch.matmul(q, k.transpose(-2, -1)) / d_k ** 0.5  # bs, head, q_len, k_len
        scores.masked_fill_(mask == 0, -np.inf)
        scores = (scores - scores.max()).softmax(dim=-1)
        scores = scores.masked_fill(torch.isnan(scores), 0)
        output = torch.matmul(scores, v)  # bs, head, q_len, d_k
        return output


attn = MultiHeadAttention(d_model=8, n_heads=2)
seq = torch.randn(2, 5, 8)
valid_his = torch.tensor([[1, 1, 1, 0, 0], [0, 0, 0, 0, 0]])  # the second user has no history
mask = valid_his.view(2, 1, 1, 5)
output = attn(seq, seq, seq, mask)
print(output)
