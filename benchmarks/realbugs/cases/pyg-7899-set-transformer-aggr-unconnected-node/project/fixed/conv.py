import torch
import torch.nn as nn

from aggr import SetTransformerAggregation


class MPNN4Set(nn.Module):
    def __init__(self, dim, n_heads):
        super().__init__()
        self.dim = dim
        self.aggregator = SetTransformerAggregation(dim, heads=n_heads)

    def forward(self, h, edge_index):
        # sort_edge_index(edge_index, sort_by_row=False)
        perm = torch.argsort(edge_index[1], stable=True)
        edge_index = edge_index[:, perm]
        return self.propagate(edge_index, x=h, num_nodes=h.size(0))

    def propagate(self, edge_index, x, num_nodes):
        msg = self.message(x[edge_index[0]])
        aggr_out = self.aggregate(msg, edge_index[1], dim_size=num_nodes)
        return self.update(aggr_out)

    def message(self, x_j):
        return x_j

    def aggregate(self, inputs, index, dim_size):
        return self.aggregator(inputs, index, dim_size)

    def update(self, aggr_out):
        return aggr_out
