import torch


def ground_state_energy(H):
    e, v = torch.linalg.eigh(H)
    min_index = torch.argmin(e)
    return e[min_index]
