import torch

from focalloss import FocalLoss
from model import Classifier

torch.manual_seed(0)
cfg = {"gamma": 0.5, "lr": 0.1}
model = Classifier(4, 3)
with torch.no_grad():
    model.fc.weight.copy_(torch.eye(3, 4) * 20)
x = torch.randn(8, 4)
x[0] = torch.tensor([3.0, 0.0, 0.0, 0.0])
y = torch.randint(0, 3, (8,))
y[0] = 0
criterion = FocalLoss(gamma=cfg["gamma"])
opt = torch.optim.SGD(model.parameters(), lr=cfg["lr"])
loss = criterion(model(x), y)
opt.zero_grad()
loss.backward()
print(loss.item())
