import torch


def ground_state_energy(H):
    e, v = torch.linalg.eigh(H)
    min_index = torch.argmin(e)
    min_eigenvector = v[:, min_index]
    return min_eigenvector @ H @ min_eigenvector
