import torch
from model import Separator
from auraloss.time import SISDRLoss

torch.manual_seed(0)
model = Separator()
criterion = SISDRLoss()
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)


def get_batch(n=512):
    vocals = torch.randn(4, 1, n) * 0.3
    drums = torch.randn(4, 1, n) * 0.3
    vocals[2] = 0.0
    return vocals + drums, torch.cat([vocals, drums], 1)


for step in range(2):
    mix, sources = get_batch()
    loss = criterion(model(mix), sources)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    print(step, loss.item())
