import torch
from ssd import TinySSD
from ssd_loss import SSDLoss

torch.manual_seed(0)
NUM_CLASSES = 4

net = TinySSD(NUM_CLASSES)
criterion = SSDLoss(NUM_CLASSES)
optimizer = torch.optim.SGD(net.parameters(), lr=1e-3, momentum=0.9)

images = torch.randn(2, 3, 8, 8)
loc_targets = torch.randn(2, 32, 4)
cls_targets = torch.zeros(2, 32, dtype=torch.long)

net.train()
optimizer.zero_grad()
loc_preds, cls_preds = net(images)
loss = criterion(loc_preds, loc_targets, cls_preds, cls_targets)
loss.backward()
optimizer.step()
print("loss", loss.item())
