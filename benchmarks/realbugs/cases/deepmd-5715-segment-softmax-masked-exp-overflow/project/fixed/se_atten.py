import torch
import torch.nn as nn

from neighbor_graph.segment import segment_softmax, segment_sum


class GraphAttention(nn.Module):
    """se_atten-style attention over the edges of a neighbor graph (edge i -> its center atom)."""

    def __init__(self, dim=8, heads=2):
        super().__init__()
        self.q = nn.Linear(dim, dim * heads)
        self.k = nn.Linear(dim, dim * heads)
        self.v = nn.Linear(dim, dim)
        self.heads = heads
        self.dim = dim

    def forward(self, node_feat, edge_feat, center, edge_mask):
        n_edges = edge_feat.shape[0]
        q = self.q(node_feat)[center].view(n_edges, self.heads, self.dim)
        k = self.k(edge_feat).view(n_edges, self.heads, self.dim)
        logits = (q * k).sum(-1) / self.dim ** 0.5          # [n_edges, heads]
        attn = segment_softmax(logits, center, node_feat.shape[0], mask=edge_mask[:, None])
        msg = attn.mean(-1, keepdim=True) * self.v(edge_feat)
        return node_feat + segment_sum(msg, center, node_feat.shape[0])
