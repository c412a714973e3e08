import torch

from se_atten import GraphAttention

torch.manual_seed(0)

n_atoms, n_edges, dim = 4, 10, 8
model = GraphAttention(dim=dim)
energy_head = torch.nn.Linear(dim, 1)
optimizer = torch.optim.Adam(list(model.parameters()) + list(energy_head.parameters()), lr=1e-3)

node_feat = torch.randn(n_atoms, dim)
edge_feat = torch.randn(n_edges, dim)
center = torch.tensor([0, 0, 0, 1, 1, 2, 2, 2, 3, 3])
# padded / beyond-cutoff edges are masked out; their features are left as they were read (placeholder coordinates, large)
edge_mask = torch.tensor([True, True, False, True, True, True, True, False, True, False])
edge_feat[2] = 1.0e3
edge_feat[7] = -1.0e3
target = torch.randn(n_atoms, 1)

out = model(node_feat, edge_feat, center, edge_mask)
energy = energy_head(out)
loss = torch.nn.functional.mse_loss(energy, target)
optimizer.zero_grad()
loss.backward()
optimizer.step()
