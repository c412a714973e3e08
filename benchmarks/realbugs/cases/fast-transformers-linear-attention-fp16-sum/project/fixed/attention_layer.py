import torch.nn as nn
from linear_attention import LinearAttention


class AttentionLayer(nn.Module):
    def __init__(self, d_model, n_heads):
        super().__init__()
        self.n_heads = n_heads
        self.d_keys = d_model // n_heads
        self.query_projection = nn.Linear(d_model, d_model)
        self.key_projection = nn.Linear(d_model, d_model)
        self.value_projection = nn.Linear(d_model, d_model)
        self.inner_attention = LinearAttention(self.d_keys)

    def forward(self, x):
        N, L, _ = x.shape
        H = self.n_heads
        q = self.query_projection(x).view(N, L, H, -1)
        k = self.key_projection(x).view(N, L, H, -1)
        v = self.value_projection(x).view(N, L, H, -1)
        return self.inner_attention(q, k, v).view(N, L, -1)
