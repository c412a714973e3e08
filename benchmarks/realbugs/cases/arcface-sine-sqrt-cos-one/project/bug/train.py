import torch
import torch.nn as nn

from init import init_from_class_means
from metrics import ArcMarginProduct

torch.manual_seed(0)
backbone = nn.Sequential(nn.Linear(10, 16), nn.ReLU(), nn.Linear(16, 8))
metric_fc = ArcMarginProduct(8, 3, s=30, m=0.5)
criterion = nn.CrossEntropyLoss()
opt = torch.optim.SGD(list(backbone.parameters()) + list(metric_fc.parameters()), lr=0.01)

images = torch.randn(6, 10)
labels = torch.tensor([0, 1, 2, 0, 1, 2])
with torch.no_grad():
    init_from_class_means(metric_fc, backbone(images[:3]), labels[:3])

feature = backbone(images)
output = metric_fc(feature, labels)
loss = criterion(output, labels)
opt.zero_grad()
loss.backward()
print(loss.item())
