import torch
import torch.nn as nn

from torch_scatter_lite import scatter_logsumexp


class LSEConv(nn.Module):
    """Message passing with a (soft-max like) logsumexp aggregation of incoming messages."""

    def __init__(self, in_channels, out_channels):
        super().__init__()
        self.msg = nn.Linear(in_channels, out_channels)
        self.upd = nn.Linear(in_channels + out_channels, out_channels)

    def forward(self, x, edge_index):
        src, dst = edge_index
        messages = self.msg(x[src])
        aggr = scatter_logsumexp(messages, dst, dim=0, dim_size=x.size(0))
        return self.upd(torch.cat([x, aggr], dim=-1)).relu()


class Net(nn.Module):
    def __init__(self, in_channels=8, hidden=16, classes=3):
        super().__init__()
        self.conv1 = LSEConv(in_channels, hidden)
        self.conv2 = LSEConv(hidden, hidden)
        self.head = nn.Linear(hidden, classes)

    def forward(self, x, edge_index):
        x = self.conv1(x, edge_index)
        x = self.conv2(x, edge_index)
        return self.head(x)
