import torch
import torch.nn as nn
import torch.nn.functional as F


class BiasedMHA(nn.Module):
    def __init__(self, feat_size, num_heads):
        super().__init__()
        self.feat_size, self.num_heads = feat_size, num_heads
        self.head_dim = feat_size // num_heads
        self.scaling = self.head_dim ** -0.5
        self.q_proj = nn.Linear(feat_size, feat_size)
        self.k_proj = nn.Linear(feat_size, feat_size)
        self.v_proj = nn.Linear(feat_size, feat_size)
        self.out_proj = nn.Linear(feat_size, feat_size)

    def forward(self, ndata, attn_bias=None, attn_mask=None):
        bsz, N, _ = ndata.shape
        q_h = self.q_proj(ndata).view(bsz, N, self.num_heads, self.head_dim) * self.scaling
        k_h = self.k_proj(ndata).view(bsz, N, self.num_heads, self.head_dim)
        v_h = self.v_proj(ndata).view(bsz, N, self.num_heads, self.head_dim)
        attn_weights = torch.einsum("bihd,bjhd->bijh", q_h, k_h)
        if attn_bias is not None:
            attn_weights = attn_weights + attn_bias
        if attn_mask is not None:
            attn_weights = attn_weights.masked_fill(attn_mask[:, None, :, None], float("-inf"))
        attn_weights = F.softmax(attn_weights, dim=2)
        attn = torch.einsum("bijh,bjhd->bihd", attn_weights, v_h).reshape(bsz, N, self.feat_size)
        return self.out_proj(attn)


class GraphormerLayer(nn.Module):
    def __init__(self, feat_size, hidden_size, num_heads):
        super().__init__()
        self.attn = BiasedMHA(feat_size, num_heads)
        self.ffn = nn.Sequential(nn.Linear(feat_size, hidden_size), nn.ReLU(), nn.Linear(hidden_size, feat_size))
        self.attn_layer_norm = nn.LayerNorm(feat_size)
        self.ffn_layer_norm = nn.LayerNorm(feat_size)

    def forward(self, nfeat, attn_bias=None, attn_mask=None):
        nfeat = self.attn_layer_norm(nfeat + self.attn(nfeat, attn_bias, attn_mask))
        return self.ffn_layer_norm(nfeat + self.ffn(nfeat))
