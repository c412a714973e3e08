import torch
import torch.nn.functional as F

from data import make_loader
from model import MLP

torch.manual_seed(0)
cfg = {"n_samples": 33, "n_features": 5, "batch_size": 8}
loader = make_loader(cfg)
model = MLP(cfg["n_features"], 16, 2)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
model.train()
for epoch in range(2):
    for xb, yb in loader:
        loss = F.cross_entropy(model(xb), yb)
        opt.zero_grad()
        loss.backward()
        opt.step()
    print(epoch, loss.item())
