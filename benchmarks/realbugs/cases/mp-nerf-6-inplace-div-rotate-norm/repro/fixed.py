# FIXED (EleutherAI/mp_nerf PR #6): replace the in-place division by an out-of-place one.
# mp_nerf (massively parallel NeRF for protein backbones): the rotation
# matrix is normalised in place by its own column norms; torch.norm saved the
# matrix for backward, so backprop through the built coordinates fails.
import math

import torch

torch.manual_seed(0)
# previous backbone atoms, themselves built from predicted angles
backbone = torch.randn(3, 16, 3, requires_grad=True)
a, b, c = backbone[0], backbone[1], backbone[2]
bond_len = torch.full((16,), 1.52)
theta = torch.full((16,), 1.94, requires_grad=True)   # predicted bond angles
chi = torch.empty(16).uniform_(-math.pi, math.pi).requires_grad_(True)  # predicted torsions

ba = b - a
cb = c - b
n_plane = torch.cross(ba, cb, dim=-1)
n_plane_ = torch.cross(n_plane, cb, dim=-1)
rotate = torch.stack([cb, n_plane_, n_plane], dim=-1)
rotate = rotate / torch.norm(rotate, dim=-2, keepdim=True)
d = torch.stack([-torch.cos(theta),
                 torch.sin(theta) * torch.cos(chi),
                 torch.sin(theta) * torch.sin(chi)], dim=-1).unsqueeze(-1)
coords = c + bond_len.unsqueeze(-1) * torch.matmul(rotate, d).squeeze()

target = torch.randn(16, 3)
loss = ((coords - target) ** 2).mean()
loss.backward()
print(loss.item())
