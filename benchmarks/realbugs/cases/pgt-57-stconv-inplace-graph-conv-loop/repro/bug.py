# https://github.com/benedekrozemberczki/pytorch_geometric_temporal/issues/57 -- STConv runs the graph
# convolution node-set by node-set and writes each result back into the same tensor it reads from,
# T[b][t] = graph_conv(T[b][t]); the graph conv's linear layer saved the T[b][t] view for backward and the
# next write bumps its version: "modified by an inplace operation ... output 0 of SelectBackward".
import torch
import torch.nn as nn

torch.manual_seed(0)
num_nodes, hidden = 5, 8
adj = torch.rand(num_nodes, num_nodes)
adj = adj / adj.sum(1, keepdim=True)
temporal_conv1 = nn.Conv2d(2, hidden, (1, 3))
graph_lin = nn.Linear(hidden, hidden)
X = torch.randn(2, 2, num_nodes, 6)                  # batch, in_channels, nodes, time steps

T = temporal_conv1(X).permute(0, 3, 2, 1)            # batch, time, nodes, channels
for b in range(T.size(0)):
    for t in range(T.size(1)):
        T[b][t] = adj @ graph_lin(T[b][t])
loss = T.relu().mean()
loss.backward()
