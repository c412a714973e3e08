import torch
import torch.nn.functional as F

from model import Net

torch.manual_seed(0)
x = torch.randn(6, 8)
# a small molecule graph; atom 5 is a dangling atom that only sends messages (no incoming edge)
edge_index = torch.tensor([[0, 1, 1, 2, 3, 4, 5],
                           [1, 0, 2, 1, 4, 3, 0]])
y = torch.randint(0, 3, (6,))
model = Net()
optimizer = torch.optim.Adam(model.parameters(), lr=1e-2)

for epoch in range(2):
    optimizer.zero_grad()
    out = model(x, edge_index)
    loss = F.cross_entropy(out, y)
    loss.backward()
    optimizer.step()
