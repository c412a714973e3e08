import torch
from hamiltonian import ParametrizedHamiltonian
from spectrum import ground_state_energy

torch.manual_seed(0)
model = ParametrizedHamiltonian()
optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
target_energy = -1.5

optimizer.zero_grad()
energy = ground_state_energy(model())
loss = (energy - target_energy) ** 2
loss.backward()
optimizer.step()
theta = model.theta
print("energy", energy.item())
