# https://github.com/benedekrozemberczki/pytorch_geometric_temporal/issues/57 -- fixed as in the library's
# later STConv: the graph convolution reads the temporal conv's output T_0 and writes into a separate
# tensor T, so no saved input is overwritten.
import torch
import torch.nn as nn

torch.manual_seed(0)
num_nodes, hidden = 5, 8
adj = torch.rand(num_nodes, num_nodes)
adj = adj / adj.sum(1, keepdim=True)
temporal_conv1 = nn.Conv2d(2, hidden, (1, 3))
graph_lin = nn.Linear(hidden, hidden)
X = torch.randn(2, 2, num_nodes, 6)                  # batch, in_channels, nodes, time steps

T_0 = temporal_conv1(X).permute(0, 3, 2, 1)          # batch, time, nodes, channels
T = torch.zeros_like(T_0)
for b in range(T_0.size(0)):
    for t in range(T_0.size(1)):
        T[b][t] = adj @ graph_lin(T_0[b][t])
loss = T.relu().mean()
loss.backward()
