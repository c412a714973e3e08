# pyg-team/pytorch_geometric#61: GCNConv gives NaN; deg.pow(-0.5) of a negative weighted degree (only inf is zeroed).
import torch
import torch.nn as nn

torch.manual_seed(0)


def scatter_add(src, index, dim_size):
    return torch.zeros(dim_size, dtype=src.dtype).index_add_(0, index, src)


class GCNConv(nn.Module):
    def __init__(self, in_channels, out_channels):
        super().__init__()
        self.lin = nn.Linear(in_channels, out_channels)

    def forward(self, x, edge_index, edge_attr):
        row, col = edge_index
        deg = scatter_add(edge_attr, row, dim_size=x.size(0))
        deg_inv = deg.pow(-0.5)
        deg_inv[deg_inv == float('inf')] = 0
        norm = deg_inv[row] * edge_attr * deg_inv[col]
        h = self.lin(x)
        out = torch.zeros_like(h).index_add_(0, col, norm.view(-1, 1) * h[row])
        return out


x = torch.randn(4, 5)
edge_index = torch.tensor([[0, 1, 1, 2, 2, 3], [1, 0, 2, 1, 3, 2]])
edge_attr = torch.randn(6)  # arbitrary real-valued edge features passed as edge weights, some negative
conv = GCNConv(5, 8)
out = conv(x, edge_index, edge_attr)
