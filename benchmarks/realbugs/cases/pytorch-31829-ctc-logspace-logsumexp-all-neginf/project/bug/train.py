import torch

from ctc import ctc_loss
from model import TinyAcoustic

torch.manual_seed(0)
model = TinyAcoustic()
opt = torch.optim.SGD(model.parameters(), lr=0.1)
feats = torch.randn(12, 8)
targets = torch.tensor([1, 2, 2, 3])

for step in range(3):
    opt.zero_grad()
    loss = ctc_loss(model(feats), targets)
    loss.backward()
    opt.step()
    print(step, loss.item())
