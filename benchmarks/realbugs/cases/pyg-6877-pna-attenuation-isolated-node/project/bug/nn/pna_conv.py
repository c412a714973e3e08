import torch
from torch import Tensor

from nn.scaler import DegreeScalerAggregation


class PNAConv(torch.nn.Module):
    def __init__(self, in_channels, out_channels, aggregators, scalers, deg):
        super().__init__()
        self.pre = torch.nn.Linear(2 * in_channels, in_channels)
        self.aggr_module = DegreeScalerAggregation(aggregators, scalers, deg)
        n = len(aggregators) * len(scalers)
        self.post = torch.nn.Linear((n + 1) * in_channels, out_channels)

    def forward(self, x: Tensor, edge_index: Tensor) -> Tensor:
        src, dst = edge_index
        msg = self.pre(torch.cat([x[dst], x[src]], dim=-1))
        out = self.aggr_module(msg, dst, dim_size=x.size(0))
        return self.post(torch.cat([x, out], dim=-1))
