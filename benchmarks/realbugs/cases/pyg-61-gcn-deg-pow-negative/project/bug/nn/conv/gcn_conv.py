import torch
import torch.nn as nn

from utils import scatter_add


class GCNConv(nn.Module):
    def __init__(self, in_channels, out_channels):
        super().__init__()
        self.lin = nn.Linear(in_channels, out_channels)

    def forward(self, x, edge_index, edge_attr=None):
        if edge_attr is None:
            edge_attr = torch.ones(edge_index.size(1))
        row, col = edge_index
        deg = scatter_add(edge_attr, row, dim_size=x.size(0))
        deg_inv = deg.pow(-0.5)
        deg_inv[deg_inv == float('inf')] = 0
        norm = deg_inv[row] * edge_attr * deg_inv[col]
        h = self.lin(x)
        out = torch.zeros_like(h).index_add_(0, col, norm.view(-1, 1) * h[row])
        return out
