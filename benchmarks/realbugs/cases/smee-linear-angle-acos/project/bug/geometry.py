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
    cos_angles = (vector_ab * vector_cb).sum(dim=1) / (
        torch.norm(vector_ab, dim=1) * torch.norm(vector_cb, dim=1)
    )
    return torch.acos(cos_angles)
