import torch
import torch.nn as nn

from fitting import InvarFitting


class EnergyModel(nn.Module):
    def __init__(self, rcut=4.0, dim_descrpt=8, numb_fparam=1):
        super().__init__()
        self.rcut = rcut
        self.embedding = nn.Sequential(nn.Linear(1, dim_descrpt), nn.Tanh())
        self.fitting_net = InvarFitting(dim_descrpt, numb_fparam=numb_fparam)

    def forward(self, coord, fparam=None):
        rij = torch.cdist(coord, coord) + torch.eye(coord.shape[1]) * self.rcut
        sw = torch.clamp(1.0 - rij / self.rcut, min=0.0)[..., None]
        descriptor = (self.embedding(sw) * sw).mean(dim=2)
        atom_energy = self.fitting_net(descriptor, fparam)
        return {"energy": atom_energy.sum(dim=(1, 2))}
