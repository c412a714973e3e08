import torch

REST_ENERGY = 510998.95  # electron rest energy in eV


def base_rmatrix(length, k1, hx, tilt=None, energy=None):
    """Create a universal transfer matrix for a beamline element."""
    energy = energy if energy is not None else torch.tensor(0.0)
    gamma = energy / REST_ENERGY
    igamma2 = 1 / gamma ** 2 if gamma != 0 else torch.tensor(0.0)
    beta = torch.sqrt(1 - igamma2)

    kx2 = k1 + hx ** 2
    ky2 = -k1
    kx = torch.sqrt(torch.complex(kx2, torch.tensor(0.0)))
    ky = torch.sqrt(torch.complex(ky2, torch.tensor(0.0)))
    cx = torch.cos(kx * length).real
    cy = torch.cos(ky * length).real
    sy = (torch.sin(ky * length) / ky).real if ky != 0 else length
    sx = (torch.sin(kx * length) / kx).real if kx != 0 else length

    R = torch.eye(4)
    R[0, 0] = cx
    R[0, 1] = sx
    R[1, 0] = -kx2 * sx
    R[1, 1] = cx
    R[2, 2] = cy
    R[2, 3] = sy
    R[3, 2] = -ky2 * sy
    R[3, 3] = cy
    return R
