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
    x_zero, y_zero = kx2 == 0, ky2 == 0
    kx = torch.sqrt(torch.complex(torch.where(x_zero, torch.ones_like(kx2), kx2), torch.tensor(0.0)))
    ky = torch.sqrt(torch.complex(torch.where(y_zero, torch.ones_like(ky2), ky2), torch.tensor(0.0)))
    cx = torch.where(x_zero, 1 - 0.5 * kx2 * length ** 2, torch.cos(kx * length).real)
    cy = torch.where(y_zero, 1 - 0.5 * ky2 * length ** 2, torch.cos(ky * length).real)
    sy = torch.where(y_zero, length, (torch.sin(ky * length) / ky).real)
    sx = torch.where(x_zero, length, (torch.sin(kx * length) / kx).real)

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
