import math

import torch
from torch import Tensor


def cutoff_cosine(distances: Tensor, cutoff: float) -> Tensor:
    # assuming all elements in distances are smaller than cutoff
    return 0.5 * torch.cos(distances * (math.pi / cutoff)) + 0.5


def radial_terms(Rcr: float, EtaR: Tensor, ShfR: Tensor, distances: Tensor) -> Tensor:
    """Compute the radial subAEV terms of the center atom given neighbors"""
    distances = distances.view(-1, 1, 1)
    fc = cutoff_cosine(distances, Rcr)
    ret = 0.25 * torch.exp(-EtaR * (distances - ShfR)**2) * fc
    return ret.flatten(start_dim=1)


def angular_terms(Rca: float, ShfZ: Tensor, EtaA: Tensor, Zeta: Tensor,
                  ShfA: Tensor, vectors12: Tensor) -> Tensor:
    """Compute the angular subAEV terms of the center atom given neighbor pairs."""
    vectors12 = vectors12.view(2, -1, 3, 1, 1, 1, 1)
    distances12 = vectors12.norm(2, dim=-5)

    cos_angles = vectors12.prod(0).sum(1) / distances12.prod(0)
    # 0.95 is multiplied to the cos values to prevent acos from returning NaN.
    angles = torch.acos(0.95 * cos_angles)

    fcj12 = cutoff_cosine(distances12, Rca)
    factor1 = ((1 + torch.cos(angles - ShfZ)) / 2) ** Zeta
    factor2 = torch.exp(-EtaA * (distances12.sum(0) / 2 - ShfA) ** 2)
    ret = 2 * factor1 * factor2 * fcj12.prod(0)
    return ret.flatten(start_dim=1)


class AEVComputer(torch.nn.Module):
    def __init__(self, Rcr=5.2, Rca=3.5, num_species=2):
        super().__init__()
        self.Rcr = Rcr
        self.Rca = Rca
        self.num_species = num_species
        self.register_buffer('EtaR', torch.tensor([16.0]).view(-1, 1))
        self.register_buffer('ShfR', torch.linspace(0.9, 4.7, 8).view(1, -1))
        self.register_buffer('EtaA', torch.tensor([8.0]).view(-1, 1, 1, 1))
        self.register_buffer('Zeta', torch.tensor([32.0]).view(1, -1, 1, 1))
        self.register_buffer('ShfA', torch.linspace(0.9, 3.15, 4).view(1, 1, -1, 1))
        self.register_buffer('ShfZ', torch.linspace(0.19, 2.95, 8).view(1, 1, 1, -1))
        self.radial_sublength = 8
        self.angular_sublength = 4 * 8

    def forward(self, species_coordinates):
        species, coordinates = species_coordinates
        n_mol, n_atoms = species.shape
        radial = coordinates.new_zeros(n_mol, n_atoms, self.num_species * self.radial_sublength)
        angular = coordinates.new_zeros(n_mol, n_atoms, self.angular_sublength)
        for m in range(n_mol):
            for i in range(n_atoms):
                vec = coordinates[m] - coordinates[m, i]
                dist = vec.norm(2, dim=-1)
                others = torch.arange(n_atoms) != i
                # radial part, one block per neighbor species
                for s in range(self.num_species):
                    sel = others & (species[m] == s) & (dist <= self.Rcr)
                    if sel.any():
                        terms = radial_terms(self.Rcr, self.EtaR, self.ShfR, dist[sel])
                        radial[m, i, s * self.radial_sublength:(s + 1) * self.radial_sublength] = terms.sum(0)
                # angular part over pairs of neighbors inside Rca
                nbr = torch.nonzero(others & (dist <= self.Rca)).flatten()
                if nbr.numel() >= 2:
                    j, k = torch.combinations(nbr, 2).unbind(-1)
                    vectors12 = torch.stack([vec[j], vec[k]])
                    terms = angular_terms(self.Rca, self.ShfZ, self.EtaA, self.Zeta, self.ShfA, vectors12)
                    angular[m, i] = terms.sum(0)
        return species, torch.cat([radial, angular], dim=-1)
