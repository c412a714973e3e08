import torch
import torch.nn as nn

from normflows.core import NormalizingFlow
from normflows.flows import AffineCouplingBlock, Permute

torch.manual_seed(0)

D = 6
flows = []
for _ in range(4):
    param_map = nn.Sequential(nn.Linear(D // 2, 64), nn.LeakyReLU(), nn.Linear(64, D))
    flows.append(AffineCouplingBlock(param_map))
    flows.append(Permute(D))
model = NormalizingFlow(D, flows)
optimizer = torch.optim.Adam(model.parameters(), lr=1e-4)

data = torch.randn(256, D) * torch.tensor([1.0, 5.0, 300.0, 2.0, 800.0, 1.0])
losses = []
for it in range(2):
    x = data[torch.randint(0, 256, (64,))]
    loss = model.forward_kld(x)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    losses.append(loss.detach())
