# https://github.com/openforcefield/smee/pull/23 -- valence angles are computed as acos of the normalised dot product; for a linear molecule (180 degrees, cos = -1) the acos derivative is infinite and the forces are NaN.
import math

import torch

torch.manual_seed(0)
conformer = torch.tensor([[-1.16, 0.0, 0.0], [0.0, 0.0, 0.0], [1.16, 0.0, 0.0]], requires_grad=True)  # O=C=O
angle_indices = torch.tensor([[0, 1, 2]])
k = torch.tensor([50.0], requires_grad=True)
theta0 = torch.tensor([math.pi * 0.99], requires_grad=True)

vector_ab = conformer[angle_indices[:, 0]] - conformer[angle_indices[:, 1]]
vector_cb = conformer[angle_indices[:, 2]] - conformer[angle_indices[:, 1]]
cos_angles = (vector_ab * vector_cb).sum(dim=1) / (vector_ab.norm(dim=1) * vector_cb.norm(dim=1))
angles = torch.acos(cos_angles)
energy = (0.5 * k * (angles - theta0) ** 2).sum()
forces = -torch.autograd.grad(energy, conformer)[0]
