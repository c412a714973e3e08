import torch
import torch.nn as nn
import torch.nn.functional as F

from graph_conv import GraphConv


class TemporalConv(nn.Module):
    def __init__(self, in_channels, out_channels, kernel_size=3):
        super().__init__()
        self.conv_1 = nn.Conv2d(in_channels, out_channels, (1, kernel_size))
        self.conv_2 = nn.Conv2d(in_channels, out_channels, (1, kernel_size))
        self.conv_3 = nn.Conv2d(in_channels, out_channels, (1, kernel_size))

    def forward(self, X):
        X = X.permute(0, 3, 2, 1)
        P = self.conv_1(X)
        Q = torch.sigmoid(self.conv_2(X))
        H = F.relu(P * Q + self.conv_3(X))
        return H.permute(0, 3, 2, 1)


class STConv(nn.Module):
    def __init__(self, num_nodes, in_channels, hidden_channels, out_channels, kernel_size=3):
        super().__init__()
        self._temporal_conv1 = TemporalConv(in_channels, hidden_channels, kernel_size)
        self._graph_conv = GraphConv(hidden_channels, hidden_channels)
        self._temporal_conv2 = TemporalConv(hidden_channels, out_channels, kernel_size)
        self._batch_norm = nn.BatchNorm2d(num_nodes)

    def forward(self, X, edge_index, edge_weight=None):
        T_0 = self._temporal_conv1(X)
        T = torch.zeros_like(T_0)
        for b in range(T_0.size(0)):
            for t in range(T_0.size(1)):
                T[b][t] = self._graph_conv(T_0[b][t], edge_index, edge_weight)
        T = F.relu(T)
        T = self._temporal_conv2(T)
        T = T.permute(0, 2, 1, 3)
        T = self._batch_norm(T)
        return T.permute(0, 2, 1, 3)
