import math

import torch

from dists.sine_bivariate_von_mises import SineBivariateVonMises

torch.manual_seed(0)

# backbone dihedral angles (phi, psi) of a helix-rich protein: the two angles vary in opposite directions
phi = -1.1 + 0.3 * torch.randn(300)
psi = -0.7 - 0.6 * (phi + 1.1) + 0.2 * torch.randn(300)
angles = torch.stack([phi, psi], dim=-1)

phi_loc = torch.nn.Parameter(torch.tensor(-1.0))
psi_loc = torch.nn.Parameter(torch.tensor(-0.6))
log_phi_conc = torch.nn.Parameter(torch.tensor(math.log(10.0)))
log_psi_conc = torch.nn.Parameter(torch.tensor(math.log(20.0)))
corr = torch.nn.Parameter(torch.tensor(-3.0))
optimizer = torch.optim.Adam([phi_loc, psi_loc, log_phi_conc, log_psi_conc, corr], lr=0.05)

dist = SineBivariateVonMises(phi_loc, psi_loc, log_phi_conc.exp(), log_psi_conc.exp(), correlation=corr)
nll = -dist.log_prob(angles).mean()
optimizer.zero_grad()
nll.backward()
optimizer.step()
