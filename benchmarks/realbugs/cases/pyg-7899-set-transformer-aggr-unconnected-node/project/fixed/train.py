import torch
import torch.nn as nn

from conv import MPNN4Set

torch.manual_seed(0)
dim = 16
m = MPNN4Set(dim, n_heads=4)
head = nn.Linear(dim, 1)
optimizer = torch.optim.Adam(list(m.parameters()) + list(head.parameters()), lr=1e-3)

# two graphs in one batch; node 4 is disconnected from the rest of its graph
h = torch.randn(5, dim)
edge_index = torch.tensor([[1, 0, 2, 1, 3],
                           [0, 1, 1, 2, 2]])
target = torch.randn(5, 1)

out = m(h, edge_index)
loss = nn.functional.mse_loss(head(out), target)
optimizer.zero_grad()
loss.backward()
optimizer.step()
