import torch
import torch.nn as nn

import o3


class GaussianRadialModel(nn.Module):
    def __init__(self, number_of_basis, max_radius, h, out_dim):
        super().__init__()
        self.register_buffer("centers", torch.linspace(0.0, max_radius, number_of_basis))
        self.gamma = number_of_basis / max_radius
        self.mlp = nn.Sequential(nn.Linear(number_of_basis, h), nn.SiLU(), nn.Linear(h, out_dim))

    def forward(self, r):
        basis = torch.exp(-self.gamma * (r.unsqueeze(-1) - self.centers) ** 2)
        return self.mlp(basis)


class Kernel(nn.Module):
    def __init__(self, in_dim, lmax=1, number_of_basis=3, max_radius=7.0, h=32):
        super().__init__()
        self.lmax = lmax
        self.n_sh = (lmax + 1) ** 2
        self.in_dim = in_dim
        self.radial = GaussianRadialModel(number_of_basis, max_radius, h, in_dim * self.n_sh)

    def forward(self, rel_pos):
        r = rel_pos.norm(dim=-1)
        Y = o3.spherical_harmonics_xyz(self.lmax, rel_pos)
        R = self.radial(r).view(-1, self.n_sh, self.in_dim)
        return R * Y.unsqueeze(-1)


class EnergyModel(nn.Module):
    def __init__(self, num_species=4, in_dim=4):
        super().__init__()
        self.embed = nn.Embedding(num_species, in_dim)
        self.kernel = Kernel(in_dim)
        self.readout = nn.Linear(4, 1)

    def forward(self, species, pos, edge_index):
        src, dst = edge_index
        rel_pos = pos[dst] - pos[src]
        msg = torch.einsum("emi,ei->em", self.kernel(rel_pos), self.embed(species[src]))
        node = torch.zeros(pos.size(0), msg.size(-1)).index_add(0, dst, msg)
        return self.readout(node.pow(2)).sum()
