import torch


def compute_bond_vectors(conformer, atom_indices):
    directions = conformer[atom_indices[:, 1]] - conformer[atom_indices[:, 0]]
    distances = torch.norm(directions, dim=1)
    return directions, distances


def compute_angles(conformer, atom_indices):
    if len(atom_indices) == 0:
        return torch.tensor([])
    vector_ab = conformer[atom_indices[:, 0]] - conformer[atom_indices[:, 1]]
    vector_cb = conformer[atom_indices[:, 2]] - conformer[atom_indices[:, 1]]
    x = torch.linalg.cross(vector_ab, vector_cb, dim=1).norm(dim=1)
    y = (vector_ab * vector_cb).sum(dim=1)
    return torch.atan2(x, y)
