import torch

from models.yolo import Model

torch.manual_seed(0)
model = Model(nc=80)
optimizer = torch.optim.SGD(model.parameters(), lr=0.01, momentum=0.937)
imgs = torch.randn(2, 3, 64, 64)
for step in range(1):
    preds = model(imgs)
    loss = sum(p.sigmoid().mean() for p in preds)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
