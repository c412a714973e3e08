import numpy as np
import torch

from glow.models import FlowStep

torch.manual_seed(0)
np.random.seed(0)
hparams = {"hidden_channels": 16, "K": 2, "flow_coupling": "affine"}
C, H, W = 4, 4, 4
flows = torch.nn.ModuleList(
    [FlowStep(C, hparams["hidden_channels"], flow_coupling=hparams["flow_coupling"]) for _ in range(hparams["K"])])
optim = torch.optim.Adam(flows.parameters(), lr=1e-3)

x = torch.rand(2, C, H, W)
z = x + torch.normal(mean=torch.zeros_like(x), std=torch.ones_like(x) * (1. / 256.))
logdet = torch.zeros_like(x[:, 0, 0, 0])
for step in flows:
    z, logdet = step(z, logdet)
objective = logdet - 0.5 * (z ** 2).sum(dim=[1, 2, 3])
nll = torch.mean(-objective) / float(np.log(2.) * H * W)
optim.zero_grad()
nll.backward()
optim.step()
