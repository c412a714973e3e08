import torch

from e3nn_lite.normact import NormActivation

torch.manual_seed(0)

mul = 4
# CO2 (linear, symmetric) and a water molecule; atoms: O C O | O H H
pos = torch.tensor([
    [-1.16, 0.0, 0.0], [0.0, 0.0, 0.0], [1.16, 0.0, 0.0],
    [5.0, 0.0, 0.0], [5.757, 0.586, 0.0], [4.243, 0.586, 0.0],
])
edge_src = torch.tensor([0, 1, 2, 1, 3, 4, 3, 5])
edge_dst = torch.tensor([1, 0, 1, 2, 4, 3, 5, 3])
num_atoms = pos.shape[0]

weights = torch.nn.Parameter(torch.randn(mul))
act = NormActivation(mul, 3, torch.sigmoid, bias=True)
optimizer = torch.optim.Adam([weights] + list(act.parameters()), lr=1e-2)

# l=1 features: weighted sum of relative position vectors over the neighbours of each atom
rel = pos[edge_src] - pos[edge_dst]
vec = torch.zeros(num_atoms, mul, 3).index_add(0, edge_dst, weights.view(1, -1, 1) * rel.unsqueeze(1))
out = act(vec.reshape(num_atoms, mul * 3))
loss = out.pow(2).sum()
optimizer.zero_grad()
loss.backward()
optimizer.step()
