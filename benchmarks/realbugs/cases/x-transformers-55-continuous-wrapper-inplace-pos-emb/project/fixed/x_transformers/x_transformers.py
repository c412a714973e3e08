import torch
import torch.nn as nn


def exists(val):
    return val is not None


class AbsolutePositionalEmbedding(nn.Module):
    def __init__(self, dim, max_seq_len):
        super().__init__()
        self.emb = nn.Embedding(max_seq_len, dim)
        nn.init.normal_(self.emb.weight, std=0.02)

    def forward(self, x):
        n = torch.arange(x.shape[1], device=x.device)
        return self.emb(n)[None, :, :]


class Encoder(nn.Module):
    def __init__(self, dim, depth, heads):
        super().__init__()
        self.dim = dim
        self.has_pos_emb = False
        self.layers = nn.ModuleList(nn.TransformerEncoderLayer(dim, heads, dim * 2, batch_first=True)
                                    for _ in range(depth))

    def forward(self, x, mask=None):
        for layer in self.layers:
            x = layer(x)
        return x


class ContinuousTransformerWrapper(nn.Module):
    def __init__(self, *, max_seq_len, attn_layers, dim_in=None, dim_out=None, emb_dropout=0., use_pos_emb=True):
        super().__init__()
        dim = attn_layers.dim
        self.max_seq_len = max_seq_len
        self.pos_emb = AbsolutePositionalEmbedding(dim, max_seq_len)
        self.emb_dropout = nn.Dropout(emb_dropout)
        self.project_in = nn.Linear(dim_in, dim) if exists(dim_in) else nn.Identity()
        self.attn_layers = attn_layers
        self.norm = nn.LayerNorm(dim)
        self.project_out = nn.Linear(dim, dim_out) if exists(dim_out) else nn.Identity()

    def forward(self, x, mask=None):
        x = self.project_in(x)
        x = x + self.pos_emb(x)
        x = self.emb_dropout(x)
        x = self.attn_layers(x, mask=mask)
        x = self.norm(x)
        return self.project_out(x)
