import torch

from .massive_pnerf import mp_nerf_torch

BOND_LEN = 1.52


def build_chain(init_atoms, thetas, chis):
    """init_atoms: (B, 3, 3) first three atoms; thetas, chis: (B, L) angles.
    Extends every chain of the batch atom by atom."""
    coords = [init_atoms[:, 0], init_atoms[:, 1], init_atoms[:, 2]]
    lengths = torch.full(thetas.shape[:1], BOND_LEN)
    for i in range(thetas.shape[1]):
        coords.append(mp_nerf_torch(coords[-3], coords[-2], coords[-1], lengths, thetas[:, i], chis[:, i]))
    return torch.stack(coords, dim=1)
