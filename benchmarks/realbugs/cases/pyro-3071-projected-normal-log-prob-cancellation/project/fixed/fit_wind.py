import math

import torch

from dists.projected_normal import ProjectedNormal

torch.manual_seed(0)

# hourly wind directions at a coastal station: mostly an easterly sea breeze, plus a reading
# logged during a front passage that points due west
angles = 0.2 * torch.randn(48)
angles[17] = math.pi
directions = torch.stack([angles.cos(), angles.sin()], dim=-1)

# concentration parameter resumed from the previous fit (mean direction east, concentration 5)
concentration = torch.nn.Parameter(torch.tensor([5.0, 0.0]))
optimizer = torch.optim.Adam([concentration], lr=0.01)

nll = -ProjectedNormal(concentration).log_prob(directions).mean()
optimizer.zero_grad()
nll.backward()
optimizer.step()
