import torch
import torch.nn as nn

from modules.coupling_layers import GLOWCouplingBlock, PermuteRandom
from modules.invertible_resnet import ActNorm


def subnet_fc(c_in, c_out):
    return nn.Sequential(nn.Linear(c_in, 32), nn.ReLU(), nn.Linear(32, c_out))


torch.manual_seed(0)
D = 6
dims = [(D,)]
blocks = nn.ModuleList()
for k in range(2):
    blocks.append(ActNorm(dims))
    blocks.append(PermuteRandom(dims, seed=k))
    blocks.append(GLOWCouplingBlock(dims, subnet_fc))
optimizer = torch.optim.Adam(blocks.parameters(), lr=1e-3)

data = torch.randn(256, D)
data[:, 3] = 1.0                 # one input channel always has the same value
loader = data.split(64)

for x in loader[:2]:
    z, log_jac_det = [x], torch.zeros(x.shape[0])
    for block in blocks:
        z, j = block(z)
        log_jac_det = log_jac_det + j
    nll = (0.5 * torch.sum(z[0] ** 2, 1) - log_jac_det).mean() / D
    optimizer.zero_grad()
    nll.backward()
    optimizer.step()
    print(nll.item())
