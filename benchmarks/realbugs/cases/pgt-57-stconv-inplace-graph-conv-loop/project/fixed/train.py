import torch
import torch.nn.functional as F

from stgcn import STConv

torch.manual_seed(0)
num_nodes = 6
edge_index = torch.tensor([[0, 1, 1, 2, 2, 3, 3, 4, 4, 5], [1, 0, 2, 1, 3, 2, 4, 3, 5, 4]])
edge_weight = torch.rand(edge_index.size(1))
model = STConv(num_nodes, in_channels=2, hidden_channels=8, out_channels=4)
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
X = torch.randn(2, 8, num_nodes, 2)          # batch, time steps, nodes, features (traffic speed, flow)
y = torch.randn(2, 4, num_nodes, 4)

for epoch in range(2):
    out = model(X, edge_index, edge_weight)
    loss = F.mse_loss(out, y)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    print(epoch, loss.item())
