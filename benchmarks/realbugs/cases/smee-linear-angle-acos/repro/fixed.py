# https://github.com/openforcefield/smee/pull/23 -- standard fix: angle = atan2(|ab x cb|, ab . cb), finite gradients at 0 and 180 degrees.
import math

import torch

torch.manual_seed(0)
conformer = torch.tensor([[-1.16, 0.0, 0.0], [0.0, 0.0, 0.0], [1.16, 0.0, 0.0]], requires_grad=True)  # O=C=O
angle_indices = torch.tensor([[0, 1, 2]])
k = torch.tensor([50.0], requires_grad=True)
theta0 = torch.tensor([math.pi * 0.99], requires_grad=True)

vector_ab = conformer[angle_indices[:, 0]] - conformer[angle_indices[:, 1]]
vector_cb = conformer[angle_indices[:, 2]] - conformer[angle_indices[:, 1]]
sin_part = torch.linalg.cross(vector_ab, vector_cb, dim=1).norm(dim=1)
angles = torch.atan2(sin_part, (vector_ab * vector_cb).sum(dim=1))
energy = (0.5 * k * (angles - theta0) ** 2).sum()
forces = -torch.autograd.grad(energy, conformer)[0]
