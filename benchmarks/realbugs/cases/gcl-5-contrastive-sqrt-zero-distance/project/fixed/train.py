import torch

from losses import GCLoss
from model import SiameseHead

torch.manual_seed(0)

model = SiameseHead()
net = model.backbone
criterion = GCLoss(margin=0.5)
optimizer = torch.optim.SGD(model.parameters(), lr=0.01)
x1 = torch.randn(4, 16)
x2 = torch.randn(4, 16)
x2[0] = x1[0]
label = torch.tensor([0.3, 0.0, 1.0, 0.5])

optimizer.zero_grad()
out1, out2 = model(x1, x2)
loss = criterion(out1, out2, label)
loss.backward()
optimizer.step()
