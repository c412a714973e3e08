import torch

from kernel import EnergyModel

torch.manual_seed(0)
species = torch.tensor([0, 1, 2])
pos = torch.tensor([[0.0, 0.0, 0.0], [0.0, 0.0, 1.1], [0.9, 0.6, -0.3]])
edge_index = torch.tensor([[0, 1, 0, 2, 1, 2], [1, 0, 2, 0, 2, 1]])
ref_energy = torch.tensor(-1.5)
ref_forces = torch.zeros(3, 3)

model = EnergyModel()
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
for step in range(3):
    pos_ = pos.clone().requires_grad_(True)
    energy = model(species, pos_, edge_index)
    forces = -torch.autograd.grad(energy, pos_, create_graph=True)[0]
    loss = (energy - ref_energy) ** 2 + (forces - ref_forces).pow(2).mean()
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    print(step, loss.item())
