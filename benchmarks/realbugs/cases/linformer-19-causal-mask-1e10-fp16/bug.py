# linformer-pytorch PR #19: causal mask filled with -1e10 breaks fp16 / mixed-precision training.
import torch
import torch.nn as nn

torch.manual_seed(0)


def gen_causal_mask(input_size, dim_k):
    return (torch.triu(torch.ones(dim_k, input_size)) == 1).transpose(0, 1)


class LinearAttentionHead(nn.Module):
    def __init__(self, dim, input_size, dim_k, causal_mask=None):
        super().__init__()
        self.E = nn.Linear(input_size, dim_k)
        self.F = nn.Linear(input_size, dim_k)
        self.dim = dim
        self.causal_mask = causal_mask

    def forward(self, Q, K, V):
        K = K.transpose(1, 2)
        K = self.E(K)
        Q = torch.matmul(Q, K)
        P_bar = Q / torch.sqrt(torch.tensor(self.dim).type(Q.type()))
        if self.causal_mask is not None:
            P_bar = P_bar.masked_fill_(~self.causal_mask, -1e10)
        P_bar = P_bar.softmax(dim=-1)
        V = V.transpose(1, 2)
        V = self.F(V)
        V = V.transpose(1, 2)
        return torch.matmul(P_bar, V)


seq_len, dim, dim_k = 16, 8, 16
head = LinearAttentionHead(dim, seq_len, dim_k, causal_mask=gen_causal_mask(seq_len, dim_k)).half()
x = torch.randn(2, seq_len, dim).half()
out = head(x, x, x)
