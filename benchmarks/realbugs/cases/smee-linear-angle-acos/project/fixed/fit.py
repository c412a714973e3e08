import math

import torch

from potentials import ValenceForceField

torch.manual_seed(0)
molecules = {
    "water": (torch.tensor([[0.0, 0.0, 0.0], [0.96, 0.0, 0.0], [-0.24, 0.93, 0.0]]),
              torch.tensor([[0, 1], [0, 2]]), torch.tensor([[1, 0, 2]])),
    "carbon dioxide": (torch.tensor([[-1.16, 0.0, 0.0], [0.0, 0.0, 0.0], [1.16, 0.0, 0.0]]),
                       torch.tensor([[1, 0], [1, 2]]), torch.tensor([[0, 1, 2]])),
}
force_field = ValenceForceField(torch.tensor([[500.0, 1.0], [500.0, 1.0]]),
                                torch.tensor([[50.0, math.radians(110.0)]]))
optimizer = torch.optim.Adam(force_field.parameters(), lr=1e-2)

for epoch in range(2):
    loss = 0.0
    for name, (coords, bonds, angles) in molecules.items():
        conformer = coords.clone().requires_grad_(True)
        energy = force_field(conformer, bonds, angles)
        forces = -torch.autograd.grad(energy, conformer, create_graph=True)[0]
        loss = loss + forces.pow(2).sum()
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    print(epoch, loss.item())
