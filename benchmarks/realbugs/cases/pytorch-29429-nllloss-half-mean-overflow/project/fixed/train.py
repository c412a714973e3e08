import torch

from losses import SegmentationLoss
from model import SegNet

torch.manual_seed(0)

model = SegNet(in_channels=3, num_classes=11)
criterion = SegmentationLoss()
optimizer = torch.optim.SGD(model.parameters(), lr=0.01)

images = torch.randn(32, 3, 64, 64)
target = torch.randint(0, 10, (32, 64, 64))

log_probs = model(images)
loss = criterion(log_probs, target)
optimizer.zero_grad()
loss.backward()
optimizer.step()
