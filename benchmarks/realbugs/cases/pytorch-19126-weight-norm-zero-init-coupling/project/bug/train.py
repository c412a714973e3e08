import warnings

import torch

from flow import Flow, nll_loss

warnings.filterwarnings("ignore")
torch.manual_seed(0)
model = Flow()
optimizer = torch.optim.Adam(model.parameters(), lr=1e-4)

for step in range(2):
    x = torch.randn(4, 8, 32)           # mel frames
    z, logdet = model(x)
    loss = nll_loss(z, logdet)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    print(step, loss.item())
