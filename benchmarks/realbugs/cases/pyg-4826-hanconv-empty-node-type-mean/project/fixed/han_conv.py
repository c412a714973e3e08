import torch
import torch.nn as nn
import torch.nn.functional as F


def group(xs, q, k_lin):
    if len(xs) == 0:
        return None
    else:
        num_edge_types = len(xs)
        out = torch.stack(xs)
        if out.numel() == 0:
            return out.view(0, out.size(-1))
        attn_score = (q * torch.tanh(k_lin(out)).mean(1)).sum(-1)
        attn = F.softmax(attn_score, dim=0)
        out = torch.sum(attn.view(num_edge_types, 1, -1) * out, dim=0)
        return out


class HANConv(nn.Module):
    """HAN layer: per-type projection, mean aggregation along each edge type, semantic attention."""

    def __init__(self, in_channels, out_channels, metadata):
        super().__init__()
        node_types, edge_types = metadata
        self.edge_types = edge_types
        self.proj = nn.ModuleDict({nt: nn.Linear(in_channels, out_channels) for nt in node_types})
        self.k_lin = nn.Linear(out_channels, out_channels)
        self.q = nn.Parameter(torch.randn(1, out_channels) * 0.1)

    def forward(self, x_dict, adj_dict):
        x_node_dict = {nt: self.proj[nt](x) for nt, x in x_dict.items()}
        out_dict = {nt: [] for nt in x_dict}
        for edge_type in self.edge_types:
            src, _, dst = edge_type
            adj = adj_dict[edge_type]                       # [num_dst, num_src]
            deg = adj.sum(1, keepdim=True).clamp(min=1)
            out_dict[dst].append(F.relu((adj @ x_node_dict[src]) / deg))
        return {nt: group(outs, self.q, self.k_lin) for nt, outs in out_dict.items()}
