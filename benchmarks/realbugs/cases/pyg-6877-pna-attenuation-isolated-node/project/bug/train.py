import torch
import torch.nn.functional as F

from nn.pna_conv import PNAConv
from nn.scaler import degree

torch.manual_seed(0)

# molecule-like training graph; node 5 is an isolated atom (e.g. a counter-ion) with no bonds
edge_index = torch.tensor([[0, 1, 1, 2, 2, 3, 3, 4], [1, 0, 2, 1, 3, 2, 4, 3]])
num_nodes = 6
x = torch.randn(num_nodes, 8)
y = torch.randn(num_nodes, 1)

# in-degree histogram of the training set, as in the PNA example
d = degree(edge_index[1], num_nodes=num_nodes, dtype=torch.long)
deg = torch.bincount(d)

conv = PNAConv(8, 1, aggregators=['mean', 'sum'], scalers=['identity', 'amplification', 'attenuation'], deg=deg)
optimizer = torch.optim.Adam(conv.parameters(), lr=1e-3)

out = conv(x, edge_index)
loss = F.mse_loss(out, y)
optimizer.zero_grad()
loss.backward()
optimizer.step()
