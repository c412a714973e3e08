import torch
import torch.nn as nn


class GraphConv(nn.Module):
    """Degree-normalised graph convolution (Chebyshev K=1 style) on one time step's node features."""

    def __init__(self, in_channels, out_channels):
        super().__init__()
        self.lin = nn.Linear(in_channels, out_channels)

    def forward(self, x, edge_index, edge_weight=None):
        num_nodes = x.size(0)
        if edge_weight is None:
            edge_weight = torch.ones(edge_index.size(1))
        adj = torch.zeros(num_nodes, num_nodes).index_put((edge_index[0], edge_index[1]), edge_weight)
        adj = adj + torch.eye(num_nodes)
        adj = adj / adj.sum(1, keepdim=True)
        return adj @ self.lin(x)
