import math

import torch


def padded_distances(pos, n_atoms):
    d = torch.cdist(pos, pos)
    n = pos.shape[1]
    pad = torch.arange(n)[None, :] >= n_atoms[:, None]
    pad = pad[:, :, None] | pad[:, None, :]
    eye = torch.eye(n, dtype=torch.bool)[None]
    return d.masked_fill(pad | eye, math.inf)
