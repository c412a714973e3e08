# https://github.com/e3nn/e3nn/issues/112 -- spherical harmonics take alpha = atan2(y, x) of the unit relative position; for a pair aligned with the z axis atan2(0, 0) has a 0/0 derivative and the forces are NaN.
import torch

torch.manual_seed(0)
radial = torch.nn.Sequential(torch.nn.Linear(1, 8), torch.nn.SiLU(), torch.nn.Linear(8, 3))
features = torch.randn(1, 3)
rel_pos = torch.tensor([[0.0, 0.0, 2.0]], requires_grad=True)    # relative position along z

r = torch.norm(rel_pos, 2, dim=-1, keepdim=True)
x, y, z = (rel_pos / r).unbind(-1)
beta = torch.acos(z)
alpha = torch.atan2(y, x)
Y = torch.stack([torch.sin(beta) * torch.cos(alpha), torch.sin(beta) * torch.sin(alpha), torch.cos(beta)], dim=-1)
kernel = radial(r).unsqueeze(-1) * Y.unsqueeze(-2)               # (edges, 3 out, 3 m)
out = torch.einsum("eim,ei->em", kernel, features)
energy = out.pow(2).sum()
forces = -torch.autograd.grad(energy, rel_pos)[0]
