import torch
import torch.nn as nn

from envelope import cosine_cutoff
from neighbors import padded_distances

torch.manual_seed(0)


class PairEnergy(nn.Module):
    def __init__(self, cutoff=5.0):
        super().__init__()
        self.cutoff = nn.Parameter(torch.tensor(cutoff))
        self.scale = nn.Parameter(torch.tensor(1.0))

    def forward(self, pos, n_atoms):
        d = padded_distances(pos, n_atoms)
        return self.scale * cosine_cutoff(d, self.cutoff).sum(dim=(1, 2))


model = PairEnergy()
pos = torch.rand(2, 4, 3) * 3
n_atoms = torch.tensor([4, 3])
energy = model(pos, n_atoms)
target = torch.tensor([1.0, 0.5])
loss = nn.functional.mse_loss(energy, target)
loss.backward()
print(loss.item())
