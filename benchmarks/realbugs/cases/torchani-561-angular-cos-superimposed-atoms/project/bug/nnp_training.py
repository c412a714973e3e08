import torch

from torchani import AEVComputer, ANIModel

torch.manual_seed(0)
aev_computer = AEVComputer(num_species=2)
aev_dim = 2 * aev_computer.radial_sublength + aev_computer.angular_sublength
nn = ANIModel(aev_dim, num_species=2)
model = torch.nn.Sequential(aev_computer, nn)
optimizer = torch.optim.Adam(nn.parameters(), lr=1e-3)

# water-like conformers (H=0, O=1); the second one has two atoms superimposed
species = torch.tensor([[1, 0, 0], [1, 0, 0]])
coordinates = torch.tensor([[[0.00, 0.00, 0.00], [0.96, 0.00, 0.00], [-0.24, 0.93, 0.00]],
                            [[0.00, 0.00, 0.00], [0.96, 0.00, 0.00], [0.96, 0.00, 0.00]]])
true_energies = torch.tensor([-76.4, -76.0])

_, aev = aev_computer((species, coordinates))
_, predicted_energies = nn((species, aev))
loss = ((predicted_energies - true_energies) ** 2).mean()
optimizer.zero_grad()
loss.backward()
optimizer.step()
