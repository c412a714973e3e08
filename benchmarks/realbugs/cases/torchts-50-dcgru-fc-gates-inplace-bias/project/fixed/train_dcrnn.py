import numpy as np
import torch

from torchts.nn.graph import DCGRUCell

torch.manual_seed(0)
rng = np.random.default_rng(0)
num_nodes, input_dim, num_units, seq_len, batch = 6, 2, 8, 4, 3
adj_mx = (rng.random((num_nodes, num_nodes)) > 0.5).astype(np.float64)

cell = DCGRUCell(num_units, adj_mx, max_diffusion_step=2, num_nodes=num_nodes, input_dim=input_dim,
                 filter_type="dual_random_walk", use_gc_for_ru=False)  # fully-connected reset/update gates
head = torch.nn.Linear(num_units, 1)
optimizer = torch.optim.Adam(list(cell.parameters()) + list(head.parameters()), lr=1e-3)

x = torch.randn(seq_len, batch, num_nodes * input_dim)
y = torch.randn(batch, num_nodes, 1)
hx = torch.zeros(batch, num_nodes * num_units)
for t in range(seq_len):
    hx = cell(x[t], hx)
pred = head(hx.view(batch, num_nodes, num_units))
loss = torch.nn.functional.mse_loss(pred, y)
optimizer.zero_grad()
loss.backward()
optimizer.step()
