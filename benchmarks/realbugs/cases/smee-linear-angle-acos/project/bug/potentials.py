import torch

from geometry import compute_angles, compute_bond_vectors


def evaluate_harmonic_bond_potential(conformer, atom_indices, parameters):
    _, distances = compute_bond_vectors(conformer, atom_indices)
    return (0.5 * parameters[:, 0] * (distances - parameters[:, 1]) ** 2).sum()


def evaluate_harmonic_angle_potential(conformer, atom_indices, parameters):
    angles = compute_angles(conformer, atom_indices)
    return (0.5 * parameters[:, 0] * (angles - parameters[:, 1]) ** 2).sum()


class ValenceForceField(torch.nn.Module):
    def __init__(self, bond_parameters, angle_parameters):
        super().__init__()
        self.bond_parameters = torch.nn.Parameter(bond_parameters)
        self.angle_parameters = torch.nn.Parameter(angle_parameters)

    def forward(self, conformer, bond_indices, angle_indices):
        return evaluate_harmonic_bond_potential(conformer, bond_indices, self.bond_parameters) + \
            evaluate_harmonic_angle_potential(conformer, angle_indices, self.angle_parameters)
