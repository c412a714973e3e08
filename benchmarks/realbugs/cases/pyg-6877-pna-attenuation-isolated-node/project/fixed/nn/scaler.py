from typing import List, Optional

import torch
from torch import Tensor


def degree(index: Tensor, num_nodes: int, dtype: torch.dtype) -> Tensor:
    out = torch.zeros((num_nodes,), dtype=dtype)
    one = torch.ones((index.size(0),), dtype=out.dtype)
    return out.scatter_add_(0, index, one)


def scatter(src: Tensor, index: Tensor, dim_size: int, reduce: str) -> Tensor:
    out = torch.zeros(dim_size, src.size(-1), dtype=src.dtype).index_add(0, index, src)
    if reduce == "mean":
        count = degree(index, dim_size, src.dtype).clamp(min=1)
        out = out / count.view(-1, 1)
    return out


class DegreeScalerAggregation(torch.nn.Module):
    r"""Combines one or more aggregators and transforms its output with one or
    more scalers as introduced in the "Principal Neighbourhood Aggregation for
    Graph Nets" paper."""

    def __init__(self, aggr: List[str], scaler: List[str], deg: Tensor):
        super().__init__()
        self.aggr = aggr
        self.scaler = scaler

        deg = deg.to(torch.float)
        num_nodes = int(deg.sum())
        bin_degrees = torch.arange(deg.numel(), device=deg.device)
        self.init_avg_deg_lin = float((bin_degrees * deg).sum()) / num_nodes
        self.init_avg_deg_log = float(((bin_degrees + 1).log() * deg).sum()) / num_nodes

        self.avg_deg_lin = self.init_avg_deg_lin
        self.avg_deg_log = self.init_avg_deg_log

    def forward(self, x: Tensor, index: Tensor, dim_size: Optional[int] = None) -> Tensor:
        out = torch.cat([scatter(x, index, dim_size, reduce=a) for a in self.aggr], dim=-1)

        deg = degree(index, num_nodes=dim_size, dtype=out.dtype)
        deg = deg.view(-1, 1)

        outs = []
        for scaler in self.scaler:
            if scaler == 'identity':
                out_scaler = out
            elif scaler == 'amplification':
                out_scaler = out * (torch.log(deg + 1) / self.avg_deg_log)
            elif scaler == 'attenuation':
                # Clamp minimum degree to one to avoid dividing by zero:
                out_scaler = out * (self.avg_deg_log /
                                    torch.log(deg.clamp(min=1) + 1))
            elif scaler == 'linear':
                out_scaler = out * (deg / self.avg_deg_lin)
            elif scaler == 'inverse_linear':
                # Clamps minimum degree into one to avoid dividing by zero
                out_scaler = out * (self.avg_deg_lin / deg.clamp(1))
            else:
                raise ValueError(f"Unknown scaler '{scaler}'")
            outs.append(out_scaler)

        return torch.cat(outs, dim=-1) if len(outs) > 1 else outs[0]
