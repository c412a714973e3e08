import torch
import torch.nn as nn


class _ScaledDotProductAttention(nn.Module):
    def __init__(self, dropout: float = None, scale: bool = True):
        super().__init__()
        self.dropout = nn.Dropout(p=dropout) if dropout is not None else dropout
        self.softmax = nn.Softmax(dim=2)
        self.scale = scale

    def forward(self, q, k, v, mask=None):
        attn = torch.bmm(q, k.permute(0, 2, 1))
        if self.scale:
            dimension = torch.sqrt(torch.tensor(k.shape[-1]).to(torch.float32))
            attn = attn / dimension.to(attn.dtype)
        if mask is not None:
            attn = attn.masked_fill(mask, -1e9)
        attn = self.softmax(attn)
        if self.dropout is not None:
            attn = self.dropout(attn)
        output = torch.bmm(attn, v)
        return output, attn


class _InterpretableMultiHeadAttention(nn.Module):
    def __init__(self, n_head: int, d_model: int):
        super().__init__()
        self.n_head = n_head
        self.d_k = d_model // n_head
        self.v_layer = nn.Linear(d_model, self.d_k)
        self.q_layers = nn.ModuleList([nn.Linear(d_model, self.d_k) for _ in range(n_head)])
        self.k_layers = nn.ModuleList([nn.Linear(d_model, self.d_k) for _ in range(n_head)])
        self.attention = _ScaledDotProductAttention()
        self.w_h = nn.Linear(self.d_k, d_model, bias=False)

    def forward(self, q, k, v, mask=None):
        heads = []
        vs = self.v_layer(v)
        for i in range(self.n_head):
            head, _ = self.attention(self.q_layers[i](q), self.k_layers[i](k), vs, mask)
            heads.append(head)
        return self.w_h(torch.stack(heads, dim=2).mean(dim=2))
